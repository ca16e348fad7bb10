import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { APP_PATHS, COMPANY_APP_PATHS } from '@portal/contract';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/feedback/load-failed';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { ApiError } from '../../lib/api-error';
import { usePerson } from './api/get-person';
import { PersonCard } from './components/person-card';

const texts = de.people;

/** Issue 36 point 6, 'person' (/personen/{id}): a member's name, photo, company and function; linked from posts. */
export function PersonPage() {
  const params = useParams();
  const id = Number(params.id);
  const person = usePerson(Number.isSafeInteger(id) && id > 0 ? id : null);
  const data = person.data;
  const breadcrumbs = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    { label: de.directory.title, to: COMPANY_APP_PATHS.directory },
    { label: data?.name ?? '…' },
  ];
  const missing =
    !(Number.isSafeInteger(id) && id > 0) ||
    (person.error instanceof ApiError && (person.error.status === 404 || person.error.status === 400));

  return (
    <Page title={data?.name ?? texts.title} breadcrumbs={breadcrumbs}>
      {missing ? (
        <Alert color="gray" variant="light">
          <Stack gap="xs" align="flex-start">
            {texts.notFound}
            <Button component={Link} to={COMPANY_APP_PATHS.directory} variant="default" size="xs">
              {de.directory.back}
            </Button>
          </Stack>
        </Alert>
      ) : person.isError ? (
        <LoadFailed text={texts.loadFailed} query={person} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={160} />
        </Stack>
      ) : (
        <PersonCard person={data} />
      )}
    </Page>
  );
}
