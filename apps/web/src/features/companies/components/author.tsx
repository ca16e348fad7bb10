import { Anchor, type MantineSize, Text } from '@mantine/core';
import { APP_PATHS, hasRole } from '@portal/contract';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routing/route-table';
import { useSession } from '../../../lib/use-session';
import { usePerson } from '../api/get-person';
import { authorName, personPageId, photoPageId, type TAuthorRef } from '../lib/person-display';
import { PersonAvatar } from './person-avatar';

interface AuthorProps {
  author: TAuthorRef | null | undefined;
  /** What stands for an author who is gone ('Nicht bekannt', 'Unbekannt') */
  unknown: string;
}

/** Whether the member may open people's pages (partners may not: they see names only). */
function useCanReadPeople(): boolean {
  const { user } = useSession();
  return user ? hasRole(user.roles, ROUTES.person.role) : false;
}

/**
 * The author's photo beside a post, as the answer carries it (issue 36 point 6); read from their person page
 * (cached) only for answers made before photos came with them; initials without one.
 */
export function AuthorAvatar({ author, unknown, size }: AuthorProps & { size?: number }) {
  const id = photoPageId(author, useCanReadPeople());
  const person = usePerson(id, id !== null);
  const photo = author?.photo === undefined ? person.data?.photo : author.photo;
  return <PersonAvatar name={authorName(author, unknown)} photo={photo} size={size} />;
}

/** The author's name ('Erika Muster'), a link to their person page for members. */
export function AuthorName({
  author,
  unknown,
  size = 'sm',
  fw,
}: AuthorProps & { size?: MantineSize; fw?: number }) {
  const name = authorName(author, unknown);
  const id = personPageId(author, useCanReadPeople());
  return id === null ? (
    <Text component="span" size={size} fw={fw}>
      {name}
    </Text>
  ) : (
    // underlined: beside dates and other text in a line, colour alone does not tell it is a link (axe)
    <Anchor component={Link} to={APP_PATHS.person(id)} size={size} fw={fw} td="underline">
      {name}
    </Anchor>
  );
}
