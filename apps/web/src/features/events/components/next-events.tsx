import { APP_PATHS, hasRole } from '@portal/contract';
import { ListSection } from '../../../components/list-section';
import { de } from '../../../i18n/de';
import { useSession } from '../../../lib/use-session';
import { useNextEvents } from '../api/get-next-events';
import { EventListItem } from './event-list-item';
import classes from './events.module.css';

/**
 * SPEC §2 Dashboard: the next 3 events with accept/decline. Partners see them read-only (no buttons, no
 * links, no status: the event page is ROLE_USER).
 */
export function NextEvents() {
  const { user } = useSession();
  const isMember = user ? hasRole(user.roles, 'ROLE_USER') : false;
  return (
    <ListSection
      title={de.events.next}
      more={isMember ? { to: APP_PATHS.events, label: de.events.all } : null}
      query={useNextEvents()}
      placeholderHeight={72}
      empty={de.events.noNext}
      failed={de.events.loadFailed}
    >
      {(data) => (
        <ul className={classes.list}>
          {data.map((event) => (
            <EventListItem key={event.id} event={event} forMember={isMember} />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
