/**
 * The events' part of the search (ARCHITECTURE §7): a document per event (name, place and description, dated
 * by its start), found by ROLE_USER, opening the event.
 */
import { APP_PATHS } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import { documentsOf, type SearchSource } from '../../platform/search/search-source.ts';
import { readsEvents } from './event-visibility.ts';

export const eventsSearchSource: SearchSource = {
  type: 'event',
  kinds: [
    {
      kind: 'event',
      label: 'Veranstaltungen',
      read: (db, sources) =>
        documentsOf(
          db.selectFrom('events').select(['id', 'name', 'description', 'location', 'startAt']),
          'id',
          sources,
          // The place and the description read as one line in a snippet: a separator keeps them apart.
          (event) => {
            const body = [event.location ?? '', htmlToText(event.description)].filter(Boolean).join(' · ');
            return { sourceId: event.id, title: event.name, body, date: event.startAt };
          },
        ),
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
