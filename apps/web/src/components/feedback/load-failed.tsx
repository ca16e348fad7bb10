import { Alert, Button, Group, Text } from '@mantine/core';
import { de } from '../../i18n/de';

interface LoadFailedProps {
  text: string;
  /** The query that failed; 'Erneut versuchen' fetches it again. */
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
}

/**
 * A list or page that could not be loaded says so and offers 'Erneut versuchen', which fetches it again
 * (issue 31 point 5): the member need not reload the whole portal, in the host page or not.
 */
export function LoadFailed({ text, query }: LoadFailedProps) {
  return (
    <Alert color="red" variant="light">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
          {de.errors.retry}
        </Button>
      </Group>
    </Alert>
  );
}
