import { usePreloadOnIdle } from '../preloadable';
import { loadRichTextEditor } from './load-editor';

/** The rich-text editor's chunk, on idle (see usePreloadOnIdle). */
export function usePreloadEditor(when: boolean): void {
  usePreloadOnIdle(loadRichTextEditor, when);
}
