import '@mantine/core/styles/Avatar.css';
import { Avatar, Text, VisuallyHidden } from '@mantine/core';
import { isInternalPath, type TNotificationCentreKind, type TNotificationItem } from '@portal/contract';
import { IconCalendarEvent, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { AuthorAvatar } from '../../companies';
import { notificationTime } from '../lib/notification-time';
import classes from './notification-panel.module.css';

const AVATAR_SIZE = 36;

/** What stands for the office (circulars, events) or a member who was erased: the kind's sign. */
function KindAvatar({ kind }: { kind: TNotificationCentreKind }) {
  const Icon = kind === 'circular' ? IconMail : IconCalendarEvent;
  return (
    <Avatar radius="xl" size={AVATAR_SIZE} color="blue" aria-hidden>
      <Icon size={20} stroke={1.6} />
    </Avatar>
  );
}

interface NotificationItemProps {
  item: TNotificationItem;
  now: number;
  /** The member opens it: it is marked read and the list closes, while the link goes to its place. */
  onOpen: (item: TNotificationItem) => void;
}

/**
 * One notification: who (photo or initials), the server's sentence, when; unread ones in bold with a dot and
 * 'Ungelesen' for screen readers, so that colour is not the only sign. The whole row is the link.
 */
export function NotificationItem({ item, now, onOpen }: NotificationItemProps) {
  const avatar = item.actor ? (
    <AuthorAvatar author={item.actor} unknown={item.actor.name} size={AVATAR_SIZE} />
  ) : (
    <KindAvatar kind={item.kind} />
  );
  const body = (
    <>
      {/* the sentence names the person: the link's name is the sentence and its time, without 'Foto von …' */}
      <span className={classes.avatar} aria-hidden>
        {avatar}
      </span>
      <span className={classes.body}>
        <Text component="span" size="sm" className={classes.text}>
          {!item.read && <VisuallyHidden>{de.notificationCentre.unread}: </VisuallyHidden>}
          {item.text}
        </Text>
        <Text component="span" size="xs" c="dimmed">
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {notificationTime(item.createdAt, now)}
          </time>
        </Text>
      </span>
      {!item.read && <span className={classes.dot} aria-hidden />}
    </>
  );
  return (
    <li className={classes.item} data-unread={!item.read || undefined}>
      {isInternalPath(item.link) ? (
        <Link to={item.link} className={classes.row} onClick={() => onOpen(item)}>
          {body}
        </Link>
      ) : (
        // A link the app cannot open (none of its pages) is shown, not followed.
        <span className={classes.row}>{body}</span>
      )}
    </li>
  );
}
