import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { de } from '../../../i18n/de';

interface SearchFormProps {
  initial: string;
  onSearch: (q: string) => void;
}

/** The results page's own field: a new search starts over with all types (give it `key={q}`). */
export function SearchForm({ initial, onSearch }: SearchFormProps) {
  const [text, setText] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text);
  }
  return (
    <search>
      <form onSubmit={submit}>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            type="search"
            label={de.search.term}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 auto', maxWidth: 480 }}
          />
          <Button type="submit">{de.search.submit}</Button>
        </Group>
      </form>
    </search>
  );
}
