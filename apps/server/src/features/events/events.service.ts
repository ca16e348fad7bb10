import {
  EVENT_LIST_PAGE_SIZE,
  EVENT_MESSAGES,
  isRegistrationOpen,
  PARTICIPANTS_CSV,
  type TAppAddresses,
  type TEvent,
  type TEventValues,
  type ZEventListQuery,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeCsv } from '../../platform/csv/write-csv.ts';
import type { DB } from '../../platform/db/schema.ts';
import { requiredRichText } from '../../platform/html/rich-text.ts';
import { fileSlug } from '../../platform/http/content-disposition.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { pictureAfterSave, preparePicture } from '../../platform/uploads/picture.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { createEventPresenter } from './event-presenter.ts';
import { eventChanged } from './event-revision.ts';
import { createEventsRepository, type EventRow, type EventValues } from './events.repository.ts';
import { auditEventDelete, auditEventSave } from './events-audit.ts';
import { participantRows } from './participants-csv.ts';
import { createRegistration } from './registration.service.ts';

export interface EventsFeatureDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  accounts: Pick<AccountsService, 'principal'>;
  /** for links in calendar files (contract `appLink`) and the subscription address (on `publicUrl`) */
  addresses: TAppAddresses;
  /** the clock of the registration deadline (tests move it); default: the system clock. */
  now?: (() => Date) | undefined;
  search: SearchIndex;
  /** where the waiting list's move-up mails are queued (issue 35) */
  outbox: Pick<MailOutbox, 'enqueue'>;
}

/** Without `from` the list starts this many months back (the calendar's previous months, the list's past). */
const DEFAULT_MONTHS_BACK = 12;

function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

/** A participant list as the CSV that German Excel opens as it is, and its file name. */
export interface ParticipantsFile {
  filename: string;
  data: Buffer;
}

export function createEventsService(deps: EventsFeatureDeps) {
  const { db, storage, signer, search } = deps;
  const clock = deps.now ?? (() => new Date());
  const repo = createEventsRepository(db);
  const present = createEventPresenter(repo, signer, db);
  const registration = createRegistration({ outbox: deps.outbox, addresses: deps.addresses });

  async function requireEvent(id: number): Promise<EventRow> {
    const event = await repo.find(db, id);
    if (!event) throw notFound(EVENT_MESSAGES.notFound);
    return event;
  }

  /** png or jpeg by content (415 otherwise), without EXIF; nothing is stored yet. */
  const service = {
    /**
     * GET /api/event/: with `from`/`to` every event overlapping the range (default: from 12 months back,
     * open-ended); with `scope` a page of the listing's section; with neither the first page of both.
     */
    async list(principal: Principal, query: z.output<typeof ZEventListQuery>): Promise<TEvent[]> {
      const now = clock();
      if (query.from || query.to) {
        const from = query.from ? new Date(query.from) : monthsBefore(now, DEFAULT_MONTHS_BACK);
        const to = query.to ? new Date(query.to) : undefined;
        return present(await repo.list({ from, to }), principal, { now });
      }
      const limit = query.limit ?? EVENT_LIST_PAGE_SIZE;
      const since = monthsBefore(now, DEFAULT_MONTHS_BACK);
      const after = query.after && { start: new Date(query.after.start), id: query.after.id };
      if (query.scope) {
        return present(await repo.page({ scope: query.scope, now, since, after, limit }), principal, { now });
      }
      const [upcoming, past] = await Promise.all([
        repo.page({ scope: 'upcoming', now, since, limit }),
        repo.page({ scope: 'past', now, since, limit }),
      ]);
      return present([...past.reverse(), ...upcoming], principal, { now });
    },

    /** GET /api/event/count/{max}: the next events that have not ended yet, soonest first. */
    async upcoming(principal: Principal, max: number): Promise<TEvent[]> {
      const now = clock();
      return present(await repo.list({ from: now }, max), principal, { now });
    },

    /** One event; admins get every participant. */
    async byId(principal: Principal, id: number): Promise<TEvent> {
      const event = await requireEvent(id);
      const [shown] = await present([event], principal, { now: clock(), allParticipants: true });
      if (!shown) throw notFound(EVENT_MESSAGES.notFound);
      return shown;
    },

    /**
     * Creates or updates an event. Everything is checked before anything is written; storage.commit stores
     * the picture and runs the transaction: a failed save removes it again, a replaced picture goes after the
     * commit.
     */
    async save(principal: Principal, input: TEventValues, upload?: UploadedFile): Promise<TEvent> {
      const text = await requiredRichText(
        input.description,
        'event.description',
        EVENT_MESSAGES.descriptionRequired,
      );
      const image = upload ? await preparePicture(upload, 'event', EVENT_MESSAGES.imageType) : undefined;
      if (input.id !== undefined) await requireEvent(input.id);

      const id = await storage.commit(image ? [image] : [], async (trx) => {
        const current = input.id === undefined ? undefined : await repo.find(trx, input.id);
        if (input.id !== undefined && !current) throw notFound(EVENT_MESSAGES.notFound);
        const picture = pictureAfterSave(image, current, input.image === null);
        const values: EventValues = {
          name: input.name,
          description: text,
          location: input.location,
          startAt: new Date(input.start),
          endAt: new Date(input.end),
          url: input.url,
          teilnahmeausblenden: input.teilnahmeausblenden,
          external: input.external,
          registrationDeadline: input.registrationDeadline ? new Date(input.registrationDeadline) : null,
          ...picture,
        };
        const now = new Date();
        const eventId = current ? current.id : await repo.insert(trx, values, now);
        if (current) await repo.update(trx, eventId, values, now, eventChanged(current, values));
        const settings = await registration.saveSettings(trx, principal, eventId, input, now);
        await search.refresh(trx, { kind: 'event', id: eventId });
        await auditEventSave(trx, principal, eventId, { before: current, after: { ...values, ...settings } });
        const replaced = current && current.imageKey !== picture.imageKey ? current.imageKey : null;
        return { result: eventId, replaced: [replaced] };
      });
      return service.byId(principal, id);
    },

    /** Deletes the event and its answers; its picture goes once the deletion has committed. */
    async remove(principal: Principal, id: number): Promise<void> {
      const key = await db.transaction().execute(async (trx) => {
        const event = await repo.find(trx, id);
        if (!event) throw notFound(EVENT_MESSAGES.notFound);
        await auditEventDelete(trx, principal, id, event);
        await repo.delete(trx, id);
        await search.remove(trx, 'event', [id]);
        return event.imageKey;
      });
      await storage.discard([key]);
    },

    /**
     * POST /api/eventSubscription/status: attends (true, with `guests` companions) or declines (false); the
     * answer can be switched while registration is open (SPEC §4). Refused with 409 for external events,
     * events without participation buttons, after the deadline, and when full without a waiting list
     * (registration.service.ts decides between a place and a waiting place).
     */
    async setStatus(
      principal: Principal,
      eventId: number,
      status: boolean,
      guests?: number | undefined,
    ): Promise<TEvent> {
      await db.transaction().execute(async (trx) => {
        const event = await repo.find(trx, eventId);
        if (!event) throw notFound(EVENT_MESSAGES.notFound);
        if (event.external) throw conflict(EVENT_MESSAGES.externalNoRegistration);
        if (event.teilnahmeausblenden) throw conflict(EVENT_MESSAGES.participationHidden);
        const now = clock();
        if (!isRegistrationOpen(event.registrationDeadline, now))
          throw conflict(EVENT_MESSAGES.deadlinePassed);
        await registration.answer(trx, principal, eventId, status, guests, now);
      });
      return service.byId(principal, eventId);
    },

    /** DELETE /api/event/{id}/participant/{username} (admins): the answer or waiting place goes; places move up. */
    async removeParticipant(principal: Principal, eventId: number, username: string): Promise<TEvent> {
      await db
        .transaction()
        .execute((trx) => registration.removeParticipant(trx, principal, eventId, username, clock()));
      return service.byId(principal, eventId);
    },

    /**
     * The participant list (admins): accepted answers, then the waiting list by position, then declined
     * answers; not for external events.
     */
    async participantsCsv(eventId: number): Promise<ParticipantsFile> {
      const event = await requireEvent(eventId);
      if (event.external) throw conflict(EVENT_MESSAGES.externalNoParticipants);
      const rows = await participantRows(db, repo, eventId);
      const slug = fileSlug(event.name) || `veranstaltung-${event.id}`;
      return { filename: `teilnehmer-${slug}.csv`, data: writeCsv(PARTICIPANTS_CSV.header, rows) };
    },
  };
  return service;
}

export type EventsService = ReturnType<typeof createEventsService>;
