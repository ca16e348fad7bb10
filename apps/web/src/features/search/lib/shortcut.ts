/** The parts of a keydown event the `/` shortcut looks at (a KeyboardEvent has them). */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Minimal view of the event's target, so that the rule can be checked without a browser. */
interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether the member is typing into a field (or an editor) where `/` is just a character. */
function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as TargetLike | null;
  return Boolean(element && (TYPING_TAGS.has(element.tagName ?? '') || element.isContentEditable));
}

/** `/` alone, pressed outside any field, jumps into the top bar's search (as GitHub and Discourse do). */
export function isSearchShortcut(event: ShortcutEvent): boolean {
  return (
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.isComposing &&
    !isTypingTarget(event.target)
  );
}
