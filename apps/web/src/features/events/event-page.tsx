import { useParams } from 'react-router';
import { EventDetail } from './components/event-detail';
import { EventsOverview } from './components/events-overview';

/** SPEC §2 route /event/:id? ('event', ROLE_USER): the calendar or listing, or one event. */
export function EventPage() {
  const { id } = useParams();
  if (id === undefined) return <EventsOverview />;
  const eventId = Number(id);
  return <EventDetail key={id} id={Number.isInteger(eventId) && eventId > 0 ? eventId : 0} />;
}
