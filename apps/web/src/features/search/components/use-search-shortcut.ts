import { type RefObject, useEffect } from 'react';
import { isSearchShortcut } from '../lib/shortcut';

/** `/` anywhere on the page (but in a field) puts the keyboard focus into the search field. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
