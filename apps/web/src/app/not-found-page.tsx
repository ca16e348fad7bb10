import { Button, Stack, Text, Title } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { Link } from 'react-router';
import { useBreadcrumbs } from '../components/page/breadcrumb-trail';
import { useDocumentTitle } from '../components/page/use-document-title';
import { de } from '../i18n/de';

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
      <Button component={Link} to={APP_PATHS.dashboard}>
        {de.notFound.back}
      </Button>
    </Stack>
  );
}
