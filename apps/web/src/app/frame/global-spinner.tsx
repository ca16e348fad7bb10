import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { de } from '../../i18n/de';
import { activity } from '../../lib/portal';
import classes from './global-spinner.module.css';

/** Delay before the spinner shows, so quick requests do not flicker. */
const SHOW_DELAY_MS = 150;

/** SPEC §4: the global spinner while requests run (requests may opt out) or a page is loading. */
export function GlobalSpinner() {
  const pending = useSyncExternalStore(activity.pending.subscribe, activity.pending.get);
  const navigating = useNavigation().state !== 'idle';
  const busy = pending > 0 || navigating;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div className={classes.bar} role="progressbar" aria-label={de.app.loading} aria-busy="true">
      <div className={classes.indicator} />
    </div>
  );
}
