import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { type ComponentType, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { alerts } from '../../../components/feedback/alerts';
import { usePreloadWhenSettled } from '../../../components/preloadable';
import { de } from '../../../i18n/de';
import { activity } from '../../../lib/portal';
import { useNotificationCount } from '../api/get-notification-count';
import { bellBadge, bellName } from '../lib/bell-badge';
import classes from './notification-bell.module.css';
import type { NotificationPanelProps } from './notification-panel';

/**
 * The list (its queries, avatars and texts) comes in a chunk of its own, outside the frame's first load
 * (issue 19): once the screen has settled, or as soon as the bell is clicked.
 */
let loaded: ComponentType<NotificationPanelProps> | null = null;
let loading: Promise<ComponentType<NotificationPanelProps>> | null = null;

function loadPanel(): Promise<ComponentType<NotificationPanelProps>> {
  loading ??= import('./notification-panel').then(
    ({ NotificationPanel }) => {
      loaded = NotificationPanel;
      return NotificationPanel;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const noRequests = () => activity.pending.get() === 0;

export interface NotificationBellProps {
  userId: number;
  /** Its stand-in was clicked: the list opens as the bell arrives. */
  openAtOnce: boolean;
  /** Its stand-in had the focus: the bell takes it. */
  focusAtOnce: boolean;
}

/**
 * The bell in the top bar (issue 37 point 5), for every logged-in role: the unread count as a badge, and the
 * list of notifications below the bar when clicked (a sheet across the bar on a phone).
 */
export function NotificationBell({ userId, openAtOnce, focusAtOnce }: NotificationBellProps) {
  const unread = useNotificationCount(userId);
  const [open, setOpen] = useState(openAtOnce);
  const [Panel, setPanel] = useState<ComponentType<NotificationPanelProps> | null>(() => loaded);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  const load = useCallback(
    () =>
      loadPanel().then((component) => {
        setPanel(() => component);
      }),
    [],
  );
  usePreloadWhenSettled(load, noRequests);
  const openList = useCallback(() => {
    setOpen(true);
    load().catch(() => {
      setOpen(false);
      alerts.error(de.errors.network);
    });
  }, [load]);
  // As it arrives: takes over from its stand-in.
  const arrival = useRef({ openAtOnce, focusAtOnce });
  useEffect(() => {
    const { openAtOnce: opening, focusAtOnce: focusing } = arrival.current;
    if (opening) openList();
    else if (focusing) bell.current?.focus();
  }, [openList]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) bell.current?.focus();
  }, []);
  // A link of the list, or any other, closes it.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    setOpen(false);
  }, [pathname]);

  const toggle = () => (open ? close(false) : openList());

  const badge = bellBadge(unread);
  const shown = open && Panel !== null;
  return (
    <>
      <span className={classes.bell}>
        <ActionIcon
          ref={bell}
          variant={open ? 'light' : 'subtle'}
          size={30}
          aria-label={bellName(unread)}
          title={bellName(unread)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={shown ? panelId : undefined}
          onClick={toggle}
        >
          <IconBell size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
        {badge !== null && (
          <span className={classes.badge} aria-hidden>
            {badge}
          </span>
        )}
      </span>
      {shown && <Panel id={panelId} userId={userId} unread={unread} bell={bell} onClose={close} />}
    </>
  );
}
