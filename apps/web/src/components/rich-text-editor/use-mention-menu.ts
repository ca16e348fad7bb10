import type { TMentionable } from '@portal/contract';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PersonMention } from './conversation-extensions';
import { MENTION_CHAR } from './mention-markup';

/** Who may be mentioned where the editor writes (a forum's members, issue 37 point 2). */
export interface MentionSource {
  search: (query: string, signal: AbortSignal) => Promise<readonly TMentionable[]>;
}

/** The `@` list while it is open: its people, the highlighted one, where the caret is, and the choice. */
export interface MentionMenuState {
  query: string;
  items: readonly TMentionable[];
  loading: boolean;
  active: number;
  rect: DOMRect | null;
  choose: (person: TMentionable) => void;
}

type MentionAttributes = { id: string | null; label?: string | null };
type MenuProps = SuggestionProps<TMentionable, MentionAttributes>;

/** Waits this long after the last key before asking the server, so typing a name sends one request. */
const SEARCH_DEBOUNCE_MS = 150;

function menuOf(props: MenuProps, previous: MentionMenuState | null): MentionMenuState {
  // While the next answer loads, the last one stays (no flicker between keys).
  const items = props.loading && previous ? previous.items : props.items;
  const sameItems = previous !== null && previous.items === items;
  return {
    query: props.query,
    items,
    loading: props.loading,
    active: sameItems ? Math.min(previous.active, Math.max(items.length - 1, 0)) : 0,
    rect: props.clientRect?.() ?? null,
    choose: (person) => props.command({ id: String(person.id), label: person.name }),
  };
}

/**
 * The editor's mention extension and the state of its `@` list, which the editor draws itself (mention-list.tsx)
 * so that it stays inside the sheet or dialog the editor is in. Keys while the list is open: arrows move,
 * Enter or Tab takes the highlighted person, Escape closes the list (and nothing else: not the sheet around it).
 */
export function useMentionMenu(source: MentionSource | undefined) {
  const [menu, setMenu] = useState<MentionMenuState | null>(null);
  const menuRef = useRef<MentionMenuState | null>(null);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const enabled = source !== undefined;
  const show = useCallback((next: MentionMenuState | null) => {
    menuRef.current = next;
    setMenu(next);
  }, []);

  const extension = useMemo(() => {
    if (!enabled) return null;
    const onKeyDown = ({ event }: SuggestionKeyDownProps): boolean => {
      const current = menuRef.current;
      // The plugin closes the list on Escape itself; the sheet around it is kept open by the editor's mark.
      if (event.key === 'Escape') return true;
      if (!current || current.items.length === 0) return false;
      const count = current.items.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        show({ ...current, active: (current.active + step + count) % count });
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = current.items[current.active];
        if (person) current.choose(person);
        return true;
      }
      return false;
    };
    return PersonMention.configure({
      suggestion: {
        char: MENTION_CHAR,
        debounce: SEARCH_DEBOUNCE_MS,
        items: async ({ query, signal }) => [...((await sourceRef.current?.search(query, signal)) ?? [])],
        render: () => ({
          onStart: (props: MenuProps) => show(menuOf(props, null)),
          onUpdate: (props: MenuProps) => show(menuOf(props, menuRef.current)),
          onKeyDown,
          onExit: () => show(null),
        }),
      },
    });
  }, [enabled, show]);

  /** The pointer over an option highlights it, as the arrows do. */
  const highlight = useCallback(
    (active: number) => {
      if (menuRef.current && menuRef.current.active !== active) show({ ...menuRef.current, active });
    },
    [show],
  );
  return { extension, menu, highlight };
}
