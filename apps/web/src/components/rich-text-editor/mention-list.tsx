import '@mantine/core/styles/Avatar.css';
import { Avatar, Text } from '@mantine/core';
import { type CSSProperties, useEffect, useLayoutEffect, useState } from 'react';
import { de } from '../../i18n/de';
import classes from './rich-text-editor.module.css';
import type { MentionMenuState } from './use-mention-menu';

interface MentionListProps {
  menu: MentionMenuState;
  listId: string;
  /** the positioned element around the editor, which the list is placed in */
  container: HTMLElement | null;
  onHighlight: (index: number) => void;
}

export const mentionOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** Below the caret, inside the editor's box: a list wider than the room left of the caret moves left. */
function placement(container: HTMLElement | null, rect: DOMRect | null): CSSProperties {
  if (!container || !rect) return { top: '100%', left: 0 };
  const box = container.getBoundingClientRect();
  const width = Math.min(320, box.width);
  return {
    top: rect.bottom - box.top + 4,
    left: Math.max(0, Math.min(rect.left - box.left, box.width - width)),
    width,
  };
}

/**
 * The `@` list (issue 37 point 2): a listbox the editor's text field controls (aria-activedescendant), so the
 * focus stays in the text while arrows move through the people. Each shows photo or initials, name and
 * company; a click takes one without leaving the text.
 */
export function MentionList({ menu, listId, container, onHighlight }: MentionListProps) {
  const [style, setStyle] = useState<CSSProperties>({});
  useLayoutEffect(() => setStyle(placement(container, menu.rect)), [container, menu.rect]);
  useEffect(() => {
    document.getElementById(mentionOptionId(listId, menu.active))?.scrollIntoView({ block: 'nearest' });
  }, [listId, menu.active]);

  if (menu.items.length === 0) {
    return (
      <div className={classes.mentionMenu} style={style}>
        <Text size="sm" c="dimmed" px="xs" py={6}>
          {menu.loading ? de.editor.mentions.loading : de.editor.mentions.none}
        </Text>
      </div>
    );
  }
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={de.editor.mentions.list}
      className={classes.mentionMenu}
      style={style}
    >
      {menu.items.map((person, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys act in the text field, which keeps the focus (aria-activedescendant)
        <div
          key={person.id}
          tabIndex={-1}
          id={mentionOptionId(listId, index)}
          role="option"
          aria-selected={index === menu.active}
          className={classes.mentionOption}
          // The text field keeps the focus (and the caret) while the pointer picks a person.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHighlight(index)}
          onClick={() => menu.choose(person)}
        >
          {person.photo ? (
            <Avatar src={person.photo} alt="" radius="xl" size={28} />
          ) : (
            // The initials' own colours fall below 4.5:1 at this size (axe): the primary colour's instead.
            <Avatar name={person.name} variant="filled" color="petrol" radius="xl" size={28} aria-hidden />
          )}
          <span className={classes.mentionText}>
            <span className={classes.mentionName}>{person.name}</span>
            {person.company && <span className={classes.mentionCompany}>{person.company}</span>}
          </span>
        </div>
      ))}
    </div>
  );
}

/** What a screen reader hears when the list opens or changes (the list itself is not focused). */
export function mentionAnnouncement(menu: MentionMenuState | null): string {
  if (!menu) return '';
  if (menu.items.length === 0) return menu.loading ? '' : de.editor.mentions.none;
  return de.editor.mentions.count(menu.items.length);
}
