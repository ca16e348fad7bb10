import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { type ComponentType, useCallback, useRef, useState } from 'react';
import { alerts } from '../../../components/feedback/alerts';
import { usePreloadWhenSettled } from '../../../components/preloadable';
import { de } from '../../../i18n/de';
import { activity } from '../../../lib/portal';
import type { NotificationBellProps } from './notification-bell';

/**
 * The bell with its count and its poll (issue 37 point 5) loads once the screen has loaded and the browser is
 * idle, or as soon as the member clicks it, as the search field beside it does (issue 19): the first load of
 * every framed screen stays as it was. Until then a look-alike without a count stands in.
 */
let loaded: ComponentType<NotificationBellProps> | null = null;
let loading: Promise<ComponentType<NotificationBellProps>> | null = null;

function loadBell(): Promise<ComponentType<NotificationBellProps>> {
  loading ??= import('./notification-bell').then(
    ({ NotificationBell }) => {
      loaded = NotificationBell;
      return NotificationBell;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const noRequests = () => activity.pending.get() === 0;

interface Arrived {
  Bell: ComponentType<NotificationBellProps>;
  /** The stand-in had the focus: the bell takes it over. */
  focus: boolean;
}

export function LazyNotificationBell({ userId }: { userId: number }) {
  const [arrived, setArrived] = useState<Arrived | null>(() =>
    loaded ? { Bell: loaded, focus: false } : null,
  );
  // Clicked before the bell had come: it opens its list as it arrives.
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const load = useCallback(
    () =>
      loadBell().then((Bell) => {
        const focus = placeholder.current !== null && document.activeElement === placeholder.current;
        setArrived((current) => current ?? { Bell, focus });
      }),
    [],
  );
  usePreloadWhenSettled(load, noRequests);
  if (arrived) return <arrived.Bell userId={userId} openAtOnce={wanted} focusAtOnce={arrived.focus} />;
  return (
    <ActionIcon
      ref={placeholder}
      variant="subtle"
      size={30}
      aria-label={de.frame.notifications}
      title={de.frame.notifications}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setWanted(true);
        load().catch(() => alerts.error(de.errors.network));
      }}
    >
      <IconBell size={20} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
