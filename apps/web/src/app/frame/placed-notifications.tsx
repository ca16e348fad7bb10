import { Notifications } from '@mantine/notifications';
import { ALERT_DURATION_MS } from '../../components/feedback/alerts';
import classes from './placed-notifications.module.css';

/** The banner stack, pinned to the top of the visible part of the frame (see VisibleTopVariable). */
export function PlacedNotifications() {
  return (
    <Notifications
      position="top-center"
      autoClose={ALERT_DURATION_MS}
      containerWidth={560}
      limit={4}
      classNames={{ root: classes.root }}
    />
  );
}
