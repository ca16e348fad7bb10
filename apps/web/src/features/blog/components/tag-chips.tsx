import { Group } from '@mantine/core';
import { FilterChip } from '../../../components/filter-chip';
import { de } from '../../../i18n/de';
import { blogListPath } from '../lib/list-query';

interface TagChipsProps {
  /** The tags in use in this list (from the server) */
  tags: readonly string[];
  active: string | null;
  ceo: boolean;
  /** the circulars list (issue 34): its tag filters stay in it */
  rundschreiben?: boolean;
}

/**
 * SPEC §2 Blog: tag chips with 'Alle'. Each chip is a link, so the filter lives in the address; a filter
 * for a tag no longer in use still shows as a chip, so that it can be seen and left.
 */
export function TagChips({ tags, active, ceo, rundschreiben = false }: TagChipsProps) {
  const shown = active && !tags.includes(active) ? [...tags, active] : tags;
  if (shown.length === 0) return null;
  return (
    <nav aria-label={de.blog.tags}>
      <Group gap={6}>
        <FilterChip
          label={de.blog.allTags}
          to={blogListPath({ ceo, rundschreiben })}
          active={active === null}
        />
        {shown.map((tag) => (
          <FilterChip
            key={tag}
            label={tag}
            to={blogListPath({ ceo, rundschreiben, tag })}
            active={tag === active}
          />
        ))}
      </Group>
    </nav>
  );
}
