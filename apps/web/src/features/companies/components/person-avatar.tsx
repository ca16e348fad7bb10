import '@mantine/core/styles/Avatar.css';
import { Avatar } from '@mantine/core';
import { de } from '../../../i18n/de';

interface PersonAvatarProps {
  name: string;
  photo: string | null | undefined;
  size?: number;
}

/**
 * Mantine's colours for initials without lime and teal, whose light variant (9 on 1) has 3.3:1 and 4.3:1 (axe
 * found them beside forum posts); the others have 4.7:1 and more (app/theme.ts darkens several).
 */
const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'green', 'indigo', 'orange', 'pink', 'red', 'violet'];

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
      allowedInitialsColors={INITIALS_COLORS}
      radius="xl"
      size={size}
      aria-hidden
    />
  );
}
