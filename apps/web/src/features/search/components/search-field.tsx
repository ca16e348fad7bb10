import '@mantine/core/styles/Combobox.css';
import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import type { TSearchHit } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { de } from '../../../i18n/de';
import { useSuggestions } from '../api/get-search';
import { splitPartial } from '../lib/hit-groups';
import { queryProblem, searchPath } from '../lib/search-address';
import { createTermDebounce } from '../lib/suggestions';
import classes from './search.module.css';
import { Snippet } from './snippet';
import { useSearchShortcut } from './use-search-shortcut';

/**
 * The top bar's search (issue 16): an ARIA combobox that suggests the best hits while the member types
 * (from two characters, once typing pauses). Arrows pick a hit and Enter opens it; Enter
 * without a picked hit opens the results page; Escape closes the list; `/` jumps here.
 */
export function SearchField() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [debounce] = useState(() => createTermDebounce(setTerm));
  useEffect(() => debounce.cancel, [debounce]);
  useSearchShortcut(input);
  const suggestions = useSuggestions(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = term === null ? [] : (suggestions.data?.hits ?? []);

  function change(value: string) {
    setText(value);
    debounce.push(value);
    combobox.resetSelectedOption();
    combobox.openDropdown();
  }

  function open(path: string) {
    setText('');
    debounce.push('');
    combobox.closeDropdown();
    input.current?.blur();
    void navigate(path);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // A picked suggestion is opened by the combobox itself (onOptionSubmit).
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    if (queryProblem(text) === null) open(searchPath({ q: text }));
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      width="min(28rem, calc(100vw - 1rem))"
      position="bottom-end"
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={input}
          className={classes.field}
          aria-label={de.search.field}
          aria-autocomplete="list"
          aria-keyshortcuts="/"
          placeholder={de.search.placeholder}
          title={de.search.shortcutHint}
          leftSection={<IconSearch size={16} aria-hidden />}
          // On a phone the field is little more than its icon: a tap on the icon focuses it too.
          leftSectionPointerEvents="none"
          size="sm"
          value={text}
          onChange={(event) => change(event.currentTarget.value)}
          onFocus={() => term !== null && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={keyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={term === null || suggestions.data === undefined}>
        {/* The previous text's hits stay while the new ones load (no flicker), marked busy and dimmed. */}
        <Combobox.Options
          aria-label={de.search.suggestions}
          aria-busy={suggestions.isPlaceholderData}
          className={suggestions.isPlaceholderData ? classes.stale : undefined}
        >
          {hits.length === 0 ? (
            <Combobox.Empty>{de.search.noSuggestions(term ?? '')}</Combobox.Empty>
          ) : (
            <SuggestionList hits={hits} />
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The best hits, those that hold only some of the words after a label of their own (issue 33 point 5). */
function SuggestionList({ hits }: { hits: readonly TSearchHit[] }) {
  const { complete, partial } = splitPartial(hits);
  // Table rows of one item share type, id and path; the list is only ever replaced whole, so the place is
  // the only thing that tells them apart.
  const options = (part: TSearchHit[]) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    part.map((hit, index) => <Suggestion key={index} hit={hit} />);
  return (
    <>
      {options(complete)}
      {partial.length > 0 && <Combobox.Group label={de.search.partial}>{options(partial)}</Combobox.Group>}
    </>
  );
}

/** Title and type; the snippet below tells apart the rows of one table, which share their title. */
function Suggestion({ hit }: { hit: TSearchHit }) {
  return (
    <Combobox.Option value={hit.path}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {hit.title}
        </Text>
        <Text size="xs" c="dimmed" className={classes.type}>
          {de.search.types[hit.type]}
        </Text>
      </Group>
      {hit.snippet && (
        <Text size="xs" c="dimmed" truncate className={classes.snippet}>
          <Snippet snippet={hit.snippet} />
        </Text>
      )}
    </Combobox.Option>
  );
}
