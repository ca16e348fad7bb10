import '@mantine/core/styles/List.css';
import { List, Stack, Text } from '@mantine/core';
import type { TAdminGroupUsage } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { usageList } from '../lib/group-usage';

const texts = de.adminGroups.deletion;

/** What would lose the group: its members, and the posts and categories shown to it, by title. */
export function GroupUsageText({ name, usage }: { name: string; usage: TAdminGroupUsage }) {
  const posts = usageList(
    usage.posts.map((post) => post.title),
    usage.postCount,
  );
  const categories = usageList(
    usage.categories.map((category) => category.name),
    usage.categoryCount,
  );
  return (
    <Stack gap="xs">
      <Text size="sm">{texts.used(name)}</Text>
      <List size="sm" spacing={4}>
        {usage.memberCount > 0 && <List.Item>{texts.members(usage.memberCount)}</List.Item>}
        {usage.postCount > 0 && (
          <List.Item>
            {texts.posts(usage.postCount)}
            <UsageTitles titles={posts.titles} more={posts.more} />
          </List.Item>
        )}
        {usage.categoryCount > 0 && (
          <List.Item>
            {texts.categories(usage.categoryCount)}
            <UsageTitles titles={categories.titles} more={categories.more} />
          </List.Item>
        )}
      </List>
      <Text size="sm">{texts.question}</Text>
    </Stack>
  );
}

function UsageTitles({ titles, more }: { titles: string[]; more: number }) {
  return (
    <List size="sm" withPadding listStyleType="disc">
      {titles.map((title, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two posts may share a title; the list never reorders
        <List.Item key={index}>„{title}“</List.Item>
      ))}
      {more > 0 && <List.Item>{texts.more(more)}</List.Item>}
    </List>
  );
}
