import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { de } from '../i18n/de';
import { useBreadcrumbs } from './frame/breadcrumbs';
import { useDocumentTitle } from './frame/use-document-title';
import { DASHBOARD_PATH } from './route-table';

/** The route named not-found: any path outside the route table (SPEC §2). */
export function NotFoundPage() {
  useBreadcrumbs([]);
  useDocumentTitle(de.notFound.title);
  return (
    <Stack gap="md" mt="xl" align="flex-start">
      <Title order={1} size="h2">
        {de.notFound.title}
      </Title>
      <Text c="dimmed">{de.notFound.text}</Text>
      <Button component={Link} to={DASHBOARD_PATH}>
        {de.notFound.back}
      </Button>
    </Stack>
  );
}
