import { describe, expect, it } from 'vitest';
import { isSearchShortcut, type ShortcutEvent } from './shortcut';

const body = { tagName: 'BODY', isContentEditable: false } as unknown as EventTarget;
const key = (overrides: Partial<ShortcutEvent> = {}): ShortcutEvent => ({
  key: '/',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: body,
  ...overrides,
});
const element = (tagName: string, isContentEditable = false) =>
  ({ tagName, isContentEditable }) as unknown as EventTarget;

describe('the / shortcut', () => {
  it('jumps into the search from the page', () => {
    expect(isSearchShortcut(key())).toBe(true);
    expect(isSearchShortcut(key({ target: element('BUTTON') }))).toBe(true);
  });

  it('is a plain character while typing in a field or an editor', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(isSearchShortcut(key({ target: element(tag) }))).toBe(false);
    }
    expect(isSearchShortcut(key({ target: element('DIV', true) }))).toBe(false);
  });

  it('ignores other keys, combinations and composition', () => {
    expect(isSearchShortcut(key({ key: 's' }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ metaKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ isComposing: true }))).toBe(false);
  });
});
