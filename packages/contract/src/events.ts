import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import {
  EVENT_GUESTS_MAX,
  REGISTRATION_MESSAGES,
  registrationEventFields,
  registrationInputFields,
} from './event-registration.ts';
import { formBoolean, jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { withWebScheme } from './links.ts';
import { pathTemplate } from './paths.ts';

/** Event endpoints of SPEC §7 (trailing slashes as the legacy client calls them) and the calendar additions. */
export const EVENTS_API = {
  /** GET the list (`?from&to`), POST an event (multipart `event` + `image`). */
  list: '/api/event/',
  save: '/api/event/',
  /** GET `/api/event/count/{max}`: the next events, for the dashboard. */
  count: pathTemplate('/api/event/count/:max'),
  /** GET one event, DELETE one event: `/api/event/{id}`. */
  byId: pathTemplate('/api/event/:id'),
  /** POST: cancels the event (`?scope=following` for a series), which stays visible as 'Abgesagt' (issue 35). */
  cancel: pathTemplate('/api/event/:id/cancel'),
  /**
   * DELETE: an admin removes a member's answer or waiting place; the waiting list moves up (issue 35). Answers
   * the event as GET /api/event/{id} does (200); 404 `participantNotFound` when the member has neither.
   */
  participant: pathTemplate('/api/event/:id/participant/:username'),
  /** GET the event as an iCalendar file (`text/calendar`). */
  ics: pathTemplate('/api/event/:id/ics'),
  /** GET whether a calendar subscription exists, POST creates or replaces it, DELETE revokes it. */
  calendarToken: '/api/event/calendarToken',
  /** POST form: `event` (JSON, at least its id), `status` 1 (attend) or 0 (decline), optional `guests`. */
  status: '/api/eventSubscription/status',
  /** GET the participants of an event as a CSV download (admins; not for external events). */
  participantsCsv: pathTemplate('/api/eventSubscription/participantsAsCsv/:eventId'),
  /** the calendar feed of one member: `file` is `<secret token>.ics` (GET /api/event/calendarToken names it) */
  calendarFeed: pathTemplate('/api/calendar/:file'),
} as const;

/** SPEC §9: the dashboard shows the next 3 events. */
export const DASHBOARD_EVENT_COUNT = 3;
/** GET /api/event/count/{max} accepts 1 … EVENT_COUNT_MAX. */
export const EVENT_COUNT_MAX = 20;
/** The listing's page: events per section (upcoming, past) of GET /api/event/ without a range. */
export const EVENT_LIST_PAGE_SIZE = 20;
/** GET /api/event/?limit accepts 1 … EVENT_LIST_LIMIT_MAX. */
export const EVENT_LIST_LIMIT_MAX = 100;
/** The listing's sections: `upcoming` has not ended yet (soonest first), `past` ended in the last 12 months (latest first). */
const EVENT_LIST_SCOPES = ['upcoming', 'past'] as const;
export type TEventListScope = (typeof EVENT_LIST_SCOPES)[number];

export const EVENT_MESSAGES = {
  nameRequired: 'Name ist ein Pflichtfeld.',
  descriptionRequired: 'Beschreibung ist ein Pflichtfeld.',
  endBeforeStart: 'Die Endzeit kann nicht vor der Startzeit liegen.',
  startRequired: 'Startzeit ist ein Pflichtfeld.',
  startInvalid: 'Die Startzeit ist kein gültiges Datum.',
  endRequired: 'Endzeit ist ein Pflichtfeld.',
  endInvalid: 'Die Endzeit ist kein gültiges Datum.',
  deadlineInvalid: 'Der Anmeldeschluss ist kein gültiges Datum.',
  urlInvalid: 'Der Link muss mit https://, http:// oder www. beginnen.',
  imageType: 'Das Bild muss eine PNG- oder JPEG-Datei sein.',
  notFound: 'Die Veranstaltung wurde nicht gefunden.',
  countRange: `Die Anzahl muss zwischen 1 und ${EVENT_COUNT_MAX} liegen.`,
  rangeInvalid:
    'Der Zeitraum ist ungültig: „from“ und „to“ müssen ISO-8601-Zeitpunkte sein, „to“ nach „from“.',
  statusInvalid: 'Der Status muss 1 (Zusage) oder 0 (Absage) sein.',
  limitRange: `Die Anzahl muss zwischen 1 und ${EVENT_LIST_LIMIT_MAX} liegen.`,
  scopeInvalid: 'Der Abschnitt muss „upcoming“ oder „past“ sein.',
  cursorInvalid: 'Die Fortsetzung ist ungültig: „after“ hat die Form „<ISO-Start>,<ID>“.',
  scopeWithRange: 'Ein Abschnitt („scope“, „after“) und ein Zeitraum („from“, „to“) schließen sich aus.',
  afterWithoutScope: 'Eine Fortsetzung („after“) gibt es nur mit einem Abschnitt („scope“).',
  eventIdRequired: 'Die Veranstaltung fehlt.',
  /** SPEC §4: shown after the registration deadline; the server refuses with 409 and this text. */
  deadlinePassed: 'Anmeldeschluss abgelaufen',
  externalNoRegistration: 'Für externe Veranstaltungen ist keine Anmeldung möglich.',
  participationHidden: 'Für diese Veranstaltung ist keine Anmeldung vorgesehen.',
  externalNoParticipants: 'Für externe Veranstaltungen gibt es keine Teilnehmerliste.',
  calendarNotFound: 'Dieser Kalender-Link ist ungültig oder wurde widerrufen.',
  /** SPEC §8, shown by the web app (the second one as an error banner). */
  joined: (name: string) => `Du hast Dich zur Veranstaltung "${name}" angemeldet.`,
  left: (name: string) => `Du hast Dich von der Veranstaltung "${name}" abgemeldet.`,
} as const;

/** User of SPEC §3 as a participant: `email` and `company` of other members only ever reach admins. */
const ZEventUser = zm.object({
  username: zm.string(),
  email: zm.nullable(zm.string()),
  company: zm.nullable(zm.string()),
});

/**
 * EventSubscription of SPEC §3: `status` true attends (with a place), false declined; no entry means pending
 * (a member on the waiting list has no entry here but one in the event's `waitlist`). `guests`: companions
 * of an accepted answer (issue 35); `answeredAt`: when the answer was last given.
 */
const ZEventSubscription = zm.object({
  user: ZEventUser,
  status: zm.boolean(),
  guests: zm.int(),
  answeredAt: zm.string(),
});
export type TEventSubscription = z.infer<typeof ZEventSubscription>;

/**
 * Event of SPEC §3. Times are ISO 8601 in UTC. `image` is a signed, expiring URL of the picture,
 * `imagePath` the file name it was uploaded with (both null without one). `eventSubscriptions` holds only
 * the caller's own entry, except for admins reading one event (GET by id, status answer): then every
 * participant. `mySubscription` is the caller's status (null: pending). `registrationOpen`: the deadline
 * is empty or in the future; `canSubscribe`: registration is open, the event is neither external nor
 * `teilnahmeausblenden`, and the caller may attend (ROLE_USER). `participantCount` (accepted) and
 * `declinedCount` are numbers for admins (kept with the event, decision 0088), null for everyone else.
 * Capacity, waiting list, companions, reminder, cancellation and series: `registrationEventFields` (issue 35);
 * a cancelled event has `canSubscribe` false.
 */
export const ZEvent = zm.object({
  id: zm.int(),
  name: zm.string(),
  description: zm.string(),
  location: zm.nullable(zm.string()),
  start: zm.string(),
  end: zm.string(),
  url: zm.nullable(zm.string()),
  teilnahmeausblenden: zm.boolean(),
  external: zm.boolean(),
  registrationDeadline: zm.nullable(zm.string()),
  image: zm.nullable(zm.string()),
  imagePath: zm.nullable(zm.string()),
  eventSubscriptions: zm.array(ZEventSubscription),
  mySubscription: zm.nullable(zm.boolean()),
  registrationOpen: zm.boolean(),
  canSubscribe: zm.boolean(),
  participantCount: zm.nullable(zm.int()),
  declinedCount: zm.nullable(zm.int()),
  ...registrationEventFields,
});
export type TEvent = z.infer<typeof ZEvent>;

/** SPEC §4: registration is open while the deadline is empty or still in the future. */
export function isRegistrationOpen(deadline: string | Date | null, now: Date = new Date()): boolean {
  return deadline === null || new Date(deadline).getTime() > now.getTime();
}

const isoMoment = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** The listing's place to go on from: the start and id of the last event shown (`eventCursor`). */
export function eventCursor(event: Pick<TEvent, 'start' | 'id'>): string {
  return `${event.start},${event.id}`;
}

const ZEventCursor = z
  .string()
  .regex(/^[^,]+,[0-9]{1,10}$/, EVENT_MESSAGES.cursorInvalid)
  .transform((value, ctx) => {
    const [start = '', id = ''] = value.split(',');
    const at = z.iso.datetime({ offset: true }).safeParse(start);
    if (!at.success) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.cursorInvalid });
      return z.NEVER;
    }
    return { start: at.data, id: Number(id) };
  });

/**
 * GET /api/event/. With `from`/`to`: the events overlapping [from, to) (without `from`: 12 months back;
 * without `to`: no end), every one of them: a calendar month sends the first and the day after the last day
 * it shows. With `scope` a page of the listing's section: `upcoming` (not ended yet, soonest first) or `past`
 * (ended within the last 12 months, latest first), `limit` events (default EVENT_LIST_PAGE_SIZE) after the
 * event `after` names (`eventCursor` of the last one shown). With neither: the listing's first screen, the
 * first page of both sections ordered by start.
 */
export const ZEventListQuery = z
  .object({
    from: isoMoment.optional(),
    to: isoMoment.optional(),
    scope: z.enum(EVENT_LIST_SCOPES, { error: EVENT_MESSAGES.scopeInvalid }).optional(),
    after: ZEventCursor.optional(),
    limit: zWholeNumber({ min: 1, max: EVENT_LIST_LIMIT_MAX, message: EVENT_MESSAGES.limitRange }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    message: EVENT_MESSAGES.rangeInvalid,
    path: ['to'],
  })
  .refine((q) => !(q.scope || q.after) || !(q.from || q.to), {
    message: EVENT_MESSAGES.scopeWithRange,
    path: ['scope'],
  })
  .refine((q) => !q.after || q.scope, { message: EVENT_MESSAGES.afterWithoutScope, path: ['after'] });

function requiredMoment(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: invalid }));
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .default(false)
  .transform((value) => value === true || value === 1);

const validMoment = (value: unknown) =>
  typeof value === 'string' && z.iso.datetime({ offset: true }).safeParse(value.trim()).success;

/**
 * The event form (SPEC §5). Without `id` an event is created. `start`, `end` and `registrationDeadline`
 * are ISO 8601 with a zone (`toISOString()`); the deadline may be null or empty (registration stays open).
 * `description` is rich text, sanitised by the server. `image: null` without an uploaded file removes the
 * picture; any other value keeps it. Other fields the client sends back (`eventSubscriptions` …) are ignored.
 * Registration fields (issue 35): see `registrationInputFields`.
 */
export const ZEventInput = z
  .object({
    id: ZId.optional(),
    name: z
      .string({ error: EVENT_MESSAGES.nameRequired })
      .trim()
      .min(1, EVENT_MESSAGES.nameRequired)
      .max(300),
    description: z
      .string({ error: EVENT_MESSAGES.descriptionRequired })
      .trim()
      .min(1, EVENT_MESSAGES.descriptionRequired)
      .max(100_000),
    location: optionalText(300),
    start: requiredMoment(EVENT_MESSAGES.startRequired, EVENT_MESSAGES.startInvalid),
    end: requiredMoment(EVENT_MESSAGES.endRequired, EVENT_MESSAGES.endInvalid),
    url: optionalText(2000)
      .transform((url) => (url === null ? null : withWebScheme(url)))
      .refine((url) => url === null || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url), {
        message: EVENT_MESSAGES.urlInvalid,
      }),
    teilnahmeausblenden: flag,
    external: flag,
    registrationDeadline: z
      .string({ error: EVENT_MESSAGES.deadlineInvalid })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(z.iso.datetime({ offset: true, error: EVENT_MESSAGES.deadlineInvalid }).nullable()),
    image: z.string().max(2000).nullish(),
    ...registrationInputFields,
  })
  .refine((event) => Date.parse(event.end) >= Date.parse(event.start), {
    message: EVENT_MESSAGES.endBeforeStart,
    path: ['end'],
    // Also reported beside other errors, so the form shows every problem at once.
    when: (payload) => {
      const value = payload.value as { start?: unknown; end?: unknown } | undefined;
      return validMoment(value?.start) && validMoment(value?.end);
    },
  });
export type TEventInput = z.input<typeof ZEventInput>;
export type TEventValues = z.output<typeof ZEventInput>;

/** POST /api/event/ (multipart): `event` JSON; the file field `image` is added by the server's schema. */
export const ZSaveEventFields = z.object({ event: jsonField(ZEventInput) });

export const ZEventIdParams = ZIdParams;
export const ZEventCsvParams = z.object({ eventId: ZId });
export const ZEventCountParams = z.object({
  max: zWholeNumber({ min: 1, max: EVENT_COUNT_MAX, message: EVENT_MESSAGES.countRange }),
});

const ZStatusValue = formBoolean(EVENT_MESSAGES.statusInvalid);

/**
 * POST /api/eventSubscription/status: a form (or JSON) with `event` (JSON of the event; only `id` is read),
 * `status` 1 (attend) or 0 (decline) and, with an acceptance, `guests` (companions; omitted: a place or waiting place
 * keeps its companions, a new answer has none; issue 35).
 * The answer is the event: `mySubscription` true with a place, `myWaitlistPosition` set with a waiting place.
 */
export const ZEventStatusBody = z.object({
  event: jsonField(
    z.object({ id: zId(EVENT_MESSAGES.eventIdRequired) }, { error: EVENT_MESSAGES.eventIdRequired }),
  ),
  status: ZStatusValue,
  guests: zWholeNumber({
    min: 0,
    max: EVENT_GUESTS_MAX,
    message: REGISTRATION_MESSAGES.guestsLimitRange,
  }).optional(),
});

/** DELETE /api/event/{id}/participant/{username} (admins). */
export const ZEventParticipantParams = z.object({ id: ZId, username: z.string().min(1).max(180) });

/** POST /api/event/calendarToken: the personal subscription address; shown once, stored only hashed. */
export const ZCalendarLink = z.object({ url: z.string() });
export type TCalendarLink = z.infer<typeof ZCalendarLink>;

/** GET /api/event/calendarToken: whether a subscription address exists and since when. */
export const ZCalendarTokenState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type TCalendarTokenState = z.infer<typeof ZCalendarTokenState>;
