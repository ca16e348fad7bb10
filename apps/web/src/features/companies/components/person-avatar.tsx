import '@mantine/core/styles/Avatar.css';
import { Avatar } from '@mantine/core';
import { de } from '../../../i18n/de';

/**
 * The colours initials may take: those whose light variant (shade 9 on 1, app/theme.ts) reads at 4.5:1 or more.
 * Mantine's choice by name includes lime (3.3:1) and teal (4.3:1), which axe finds for some names.
 */
const READABLE_INITIALS = ['blue', 'cyan', 'grape', 'green', 'indigo', 'orange', 'pink', 'red', 'violet'];

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
    <Avatar
      name={name}
      color="initials"
      allowedInitialsColors={READABLE_INITIALS}
      radius="xl"
      size={size}
      aria-hidden
    />
  );
}
