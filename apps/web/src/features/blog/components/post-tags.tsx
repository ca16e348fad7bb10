import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { blogListPath } from '../lib/list-query';

/** A post's tags; each one leads to the list filtered by it. */
export function PostTags({ tags, ceo }: { tags: readonly string[]; ceo: boolean }) {
  if (tags.length === 0) return null;
  return (
    <Group
      component="ul"
      gap={6}
      aria-label={de.blog.tags}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Badge
            component={Link}
            to={blogListPath({ tag, ceo })}
            variant="light"
            radius="sm"
            tt="none"
            style={{ cursor: 'pointer' }}
          >
            {tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
