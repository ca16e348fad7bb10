/**
 * The events' part of the search (ARCHITECTURE §7): a document per event (name, place and description, dated
 * by its start), found by ROLE_USER, opening the event.
 */
import { APP_PATHS } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import { type SearchSource, SOURCES_PER_READ, selected } from '../../platform/search/search-source.ts';
import { readsEvents } from './event-visibility.ts';

export const eventsSearchSource: SearchSource = {
  type: 'event',
  kinds: [
    {
      kind: 'event',
      label: 'Veranstaltungen',
      async read(db, sources) {
        const events = await db
          .selectFrom('events')
          .select(['id', 'name', 'description', 'location', 'startAt'])
          .where((eb) => selected(eb, 'id', sources))
          .orderBy('id')
          .limit(SOURCES_PER_READ)
          .execute();
        // The place and the description read as one line in a snippet: a separator keeps them apart.
        return events.map((event) => ({
          sourceId: event.id,
          ownerId: null,
          title: event.name,
          body: [event.location ?? '', htmlToText(event.description)]
            .filter((part) => part !== '')
            .join(' · '),
          date: event.startAt,
        }));
      },
    },
  ],
  async open(_db, principal) {
    if (!readsEvents(principal.roles)) return undefined;
    return {
      visible: 'all',
      hits: async (documents) =>
        new Map(documents.map((doc) => [doc.id, { id: doc.sourceId, path: APP_PATHS.event(doc.sourceId) }])),
    };
  },
};
