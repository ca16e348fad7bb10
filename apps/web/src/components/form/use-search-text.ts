import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/** How long the search waits after the last key before it changes the address (and asks the server). */
const SEARCH_DELAY_MS = 300;

/**
 * The search field's text, handed to `commit` once typing pauses. The address is its source: when it
 * changes from elsewhere (back button, a link) the field shows it, but not while the member types on
 * past the value just committed.
 */
export function useSearchText(committed: string, commit: (q: string) => void) {
  const [text, setText] = useState(committed);
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const lastCommitted = useRef(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    const q = debounced.trim();
    if (q === lastCommitted.current) return;
    lastCommitted.current = q;
    commitRef.current(q);
  }, [debounced]);

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    lastCommitted.current = committed;
    setText(committed);
  }, [committed]);

  return [text, setText] as const;
}
