/**
 * The editor chunk (TipTap, ProseMirror and their styles, ~145 kB gzipped). Forms start loading it when
 * they open, alongside their own chunk and data, rather than after them.
 */
export function loadRichTextEditor() {
  return import('./rich-text-editor');
}
