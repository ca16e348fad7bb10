import '@mantine/core/styles/Avatar.css';
import { Avatar } from '@mantine/core';
import { de } from '../../../i18n/de';

interface PersonAvatarProps {
  name: string;
  photo: string | null | undefined;
  size?: number;
}

/**
 * A person's photo, or their initials where they have none. The photo is named ('Foto von Erika Muster'); the
 * initials repeat the name beside them and stay hidden from screen readers.
 */
export function PersonAvatar({ name, photo, size = 36 }: PersonAvatarProps) {
  return photo ? (
    <Avatar src={photo} alt={de.people.photoOf(name)} radius="xl" size={size} />
  ) : (
    <Avatar name={name} color="initials" radius="xl" size={size} aria-hidden />
  );
}
