import { Group } from '@mantine/core';
import { FilterChip } from '../../../components/filter-chip';
import { de } from '../../../i18n/de';
import { blogListPath } from '../lib/list-query';

/** The lists of the blog (issue 34): all posts of this list, or the circulars ('Rundschreiben'). */
export function ListFilter({ ceo, rundschreiben }: { ceo: boolean; rundschreiben: boolean }) {
  return (
    <nav aria-label={de.circulars.lists}>
      <Group gap={6}>
        <FilterChip label={de.circulars.allPosts} to={blogListPath({ ceo })} active={!rundschreiben} />
        <FilterChip
          label={de.circulars.list}
          to={blogListPath({ rundschreiben: true })}
          active={rundschreiben}
        />
      </Group>
    </nav>
  );
}
