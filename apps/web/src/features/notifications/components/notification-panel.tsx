import '@mantine/core/styles/Skeleton.css';
import { Anchor, Button, CloseButton, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { APP_PATHS, NOTIFICATION_CENTRE_LABELS, type TNotificationItem } from '@portal/contract';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LazyLoadFailed } from '../../../components/feedback/lazy-load-failed';
import { useVisibleRegion } from '../../../components/overlay/use-visible-region';
import { de } from '../../../i18n/de';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { notificationItems } from '../lib/notification-pages';
import { NotificationItem } from './notification-item';
import classes from './notification-panel.module.css';
import { useDismiss } from './use-dismiss';

export interface NotificationPanelProps {
  id: string;
  userId: number;
  /** The bell's count (null before it is known). */
  unread: number | null;
  bell: RefObject<HTMLButtonElement | null>;
  /** Closes the list; `returnFocus` puts the focus back on the bell. */
  onClose: (returnFocus: boolean) => void;
}

const labels = NOTIFICATION_CENTRE_LABELS;
const texts = de.notificationCentre;
/** Room left under the list in the visible part of the frame. */
const GAP_PX = 12;
const MIN_HEIGHT_PX = 160;

/** The list's greatest height: the part of the window, or of the frame the host page shows, below the bar. */
function usePanelMaxHeight(panel: RefObject<HTMLElement | null>): number {
  const region = useVisibleRegion();
  const { height: windowHeight } = useViewportSize();
  const [barHeight, setBarHeight] = useState(56);
  useLayoutEffect(() => {
    const bar = panel.current?.closest('header');
    if (bar) setBarHeight(bar.getBoundingClientRect().height);
  }, [panel]);
  const visible = region?.height ?? (windowHeight || window.innerHeight);
  return Math.max(MIN_HEIGHT_PX, Math.round(visible - barHeight - GAP_PX));
}

/**
 * The bell's list (issue 37 point 5): the newest notifications, 'Ältere laden', 'Alle als gelesen markieren'
 * and the way to the mail settings. A dialog that does not hold the focus captive: it takes the focus when it
 * opens, Tab walks through it, Escape closes it and gives the focus back to the bell.
 */
export function NotificationPanel({ id, userId, unread, bell, onClose }: NotificationPanelProps) {
  const list = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const maxHeight = usePanelMaxHeight(panel);
  useDismiss(panel, bell, onClose);
  useEffect(() => panel.current?.focus(), []);

  const items = notificationItems(list.data);
  const anyUnread = (unread ?? 0) > 0 || items.some((item) => !item.read);
  const open = (item: TNotificationItem) => {
    if (!item.read) markRead.mutate([item.id]);
    onClose(false);
  };
  const now = Date.now();

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={classes.panel}
      style={{ maxHeight }}
    >
      <div className={classes.head}>
        <Title id={headingId} order={2} size="h4">
          {labels.bell}
        </Title>
        <CloseButton aria-label={de.common.controls.close} onClick={() => onClose(true)} />
      </div>
      <div className={classes.actions}>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={!anyUnread}
          loading={markRead.isPending && markRead.variables === null}
          onClick={() => markRead.mutate(null)}
        >
          {labels.markAllRead}
        </Button>
        <Anchor component={Link} to={APP_PATHS.notificationSettings} size="sm" onClick={() => onClose(false)}>
          {texts.settings}
        </Anchor>
      </div>
      <div className={classes.scroller}>
        {list.isPending ? (
          <Stack gap="xs" className={classes.state} aria-busy="true" aria-label={de.app.loading}>
            <Skeleton height={48} radius="md" />
            <Skeleton height={48} radius="md" />
            <Skeleton height={48} radius="md" />
          </Stack>
        ) : list.isError && items.length === 0 ? (
          <div className={classes.state}>
            <LazyLoadFailed text={texts.loadFailed} query={list} />
          </div>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" className={classes.state}>
            {labels.empty}
          </Text>
        ) : (
          <>
            <ul className={classes.list} aria-labelledby={headingId}>
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} now={now} onOpen={open} />
              ))}
            </ul>
            {list.hasNextPage && (
              <div className={classes.more}>
                <Button
                  variant="default"
                  size="xs"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {labels.more}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
