import {
  EVENT_MESSAGES,
  EVENTS_API,
  portalAddress,
  type TCalendarLink,
  type TCalendarTokenState,
} from '@portal/contract';
import type { Principal } from '../../platform/auth/principal.ts';
import { hashToken, randomToken } from '../../platform/auth/secrets.ts';
import { fileSlug } from '../../platform/http/content-disposition.ts';
import { notFound } from '../../platform/http/errors.ts';
import { createCalendarTokensRepository } from './calendar-tokens.repository.ts';
import { readsEvents } from './event-visibility.ts';
import { createEventsRepository, type EventRow } from './events.repository.ts';
import type { EventsFeatureDeps } from './events.service.ts';
import { buildCalendar } from './ical.ts';
import { seriesRepository } from './series.repository.ts';

/** The subscription feed holds the events of the last 90 days and everything ahead. */
const FEED_DAYS_BACK = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const FEED_REFRESH_SECONDS = 60 * 60;
/** `<token>.ics`, the token as randomToken() makes it (256 bits, base64url). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export interface CalendarFile {
  filename: string;
  body: string;
}

/**
 * iCalendar downloads and the personal subscription feed. Calendar apps cannot send a Bearer header, so the
 * feed's address carries a secret of its own: random, stored only hashed, replaced or revoked by its member.
 */
export function createCalendarService(deps: EventsFeatureDeps) {
  const events = createEventsRepository(deps.db);
  const tokens = createCalendarTokensRepository(deps.db);
  const clock = deps.now ?? (() => new Date());
  const calendar = (
    rows: Parameters<typeof buildCalendar>[0],
    refreshSeconds?: number,
    series?: Parameters<typeof buildCalendar>[2],
  ) =>
    buildCalendar(
      rows,
      { ...deps.addresses, name: 'Veranstaltungen', ...(refreshSeconds ? { refreshSeconds } : {}) },
      series,
    );

  return {
    /** One event's calendar file, as its download holds it (the reminder mail attaches it). */
    occurrenceIcs: async (event: EventRow): Promise<string> => calendar([event]),

    /** GET /api/event/{id}/ics: one event as a calendar file. */
    async eventFile(id: number): Promise<CalendarFile> {
      const event = await events.find(deps.db, id);
      if (!event) throw notFound(EVENT_MESSAGES.notFound);
      const slug = fileSlug(event.name) || `veranstaltung-${event.id}`;
      return { filename: `${slug}.ics`, body: calendar([event]) };
    },

    /** POST /api/event/calendarToken: a new address; the previous one stops working. */
    async createLink(principal: Principal): Promise<TCalendarLink> {
      const token = randomToken();
      await tokens.replace(principal.id, hashToken(token), clock());
      return { url: portalAddress(EVENTS_API.calendarFeed(`${token}.ics`), deps.addresses.publicUrl) };
    },

    async state(principal: Principal): Promise<TCalendarTokenState> {
      const row = await tokens.ofUser(principal.id);
      return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
    },

    revoke: (principal: Principal) => tokens.revoke(principal.id),

    /**
     * GET /api/calendar/{token}.ics: the member's events (the last 90 days and all ahead). An unknown or
     * revoked token, a disabled member and one who may no longer see events all get the same 404.
     */
    async feed(file: string): Promise<string> {
      const token = FEED_FILE.exec(file)?.[1];
      const userId = token ? await tokens.userOf(hashToken(token)) : undefined;
      const member = userId === undefined ? undefined : await deps.accounts.principal(userId);
      if (!member || member.disabled || !readsEvents(member.roles)) {
        throw notFound(EVENT_MESSAGES.calendarNotFound);
      }
      const from = new Date(clock().getTime() - FEED_DAYS_BACK * DAY_MS);
      const rows = await events.list({ from });
      const seriesIds = [...new Set(rows.flatMap((row) => (row.seriesId === null ? [] : [row.seriesId])))];
      return calendar(rows, FEED_REFRESH_SECONDS, await seriesRepository.calendarData(deps.db, seriesIds));
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
