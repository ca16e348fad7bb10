import { Group } from '@mantine/core';
import type { TSearchResult, TSearchType } from '@portal/contract';
import { FilterChip } from '../../../components/filter-chip';
import { de } from '../../../i18n/de';
import { shownTypes } from '../lib/hit-groups';
import { searchPath } from '../lib/search-address';

interface TypeChipsProps {
  q: string;
  counts: TSearchResult['counts'];
  capped: TSearchResult['capped'];
  active: TSearchType | null;
  isAdmin: boolean;
}

/** 'Alle' and one chip per type with hits, each with its count; links, so the filter lives in the address. */
export function TypeChips({ q, counts, capped, active, isAdmin }: TypeChipsProps) {
  const types = shownTypes(counts, active, isAdmin);
  const all = types.reduce((sum, type) => sum + counts[type], 0);
  if (all === 0) return null;
  return (
    <nav aria-label={de.search.typeFilter}>
      <Group gap={6}>
        <FilterChip
          label={de.search.chip(
            de.search.all,
            all,
            types.some((type) => capped.includes(type)),
          )}
          to={searchPath({ q })}
          active={active === null}
        />
        {types.map((type) => (
          <FilterChip
            key={type}
            label={de.search.chip(de.search.types[type], counts[type], capped.includes(type))}
            to={searchPath({ q, type })}
            active={type === active}
          />
        ))}
      </Group>
    </nav>
  );
}
