// First: the frame's own stylesheets come after Mantine's (docs/bundle.md).
import '../frame-styles';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { de } from '../../i18n/de';
import { useSession } from '../../lib/use-session';
import { DataProviders } from '../data-providers';
import { Breadcrumbs } from './breadcrumbs';
import classes from './frame.module.css';
import { FrameHeader } from './frame-header';
import { Navigation } from './navigation';

const NAVIGATION_ID = 'portal-navigation';

/** SPEC §2 "Common frame": header, left navigation drawer, breadcrumbs and the page. */
export function Frame() {
  const { pathname } = useLocation();
  const { user } = useSession();
  // On narrow screens the navigation is open for the page it was opened on; navigating folds it again.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const navigationOpen = openedOn === pathname;
  const toggleNavigation = () => setOpenedOn(navigationOpen ? null : pathname);

  return (
    <DataProviders>
      <div className={classes.frame}>
        <FrameHeader
          navigationId={NAVIGATION_ID}
          withNavigation={user !== null}
          navigationOpen={navigationOpen}
          onToggleNavigation={toggleNavigation}
        />
        <div className={classes.body}>
          {user && (
            <nav
              id={NAVIGATION_ID}
              className={classes.navigation}
              data-open={navigationOpen || undefined}
              aria-label={de.frame.navigation}
            >
              <Navigation user={user} />
            </nav>
          )}
          <main className={classes.main}>
            <Breadcrumbs />
            <Outlet />
          </main>
        </div>
      </div>
    </DataProviders>
  );
}
