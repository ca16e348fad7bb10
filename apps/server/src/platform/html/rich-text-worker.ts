/**
 * The thread that sanitises rich text (rich-text.ts): a long text's parse costs up to a few hundred
 * milliseconds, which the event loop would otherwise spend waiting.
 */
import { parentPort } from 'node:worker_threads';
import { isBlankRichText, RichTextTooDeep, sanitizeRichText } from './sanitize.ts';

export interface RichTextRequest {
  id: number;
  html: string;
}

export type RichTextResult =
  | { id: number; clean: string; blank: boolean }
  | { id: number; tooDeep: true }
  | { id: number; failed: string };

function clean(request: RichTextRequest): RichTextResult {
  try {
    const html = sanitizeRichText(request.html);
    return { id: request.id, clean: html, blank: isBlankRichText(html) };
  } catch (error) {
    if (error instanceof RichTextTooDeep) return { id: request.id, tooDeep: true };
    return {
      id: request.id,
      failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}

parentPort?.on('message', (request: RichTextRequest) => {
  parentPort?.postMessage(clean(request));
});
