import {
  EVENT_LIST_PAGE_SIZE,
  EVENT_MESSAGES,
  EVENT_REMINDER_HOURS_DEFAULT,
  isRegistrationOpen,
  PARTICIPANTS_CSV,
  REGISTRATION_MESSAGES,
  type TAppAddresses,
  type TEvent,
  type TEventChangeScope,
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
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { pictureAfterSave, preparePicture } from '../../platform/uploads/picture.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { createEventChanges } from './event-changes.ts';
import { createEventPresenter } from './event-presenter.ts';
import { eventChanged } from './event-revision.ts';
import { createEventsRepository, type EventRow, type EventValues } from './events.repository.ts';
import { auditEventDelete, auditEventSave } from './events-audit.ts';
import { participantRows } from './participants-csv.ts';
import { createRegistration } from './registration.service.ts';
import { scheduleRepository } from './schedule.repository.ts';
import { seriesRepository } from './series.repository.ts';
import { createSeriesService } from './series.service.ts';

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
  /** move-up mails (issue 35), change and cancellation mails, queued in the transaction that causes them */
  outbox: MailOutbox;
  mailWorker: Pick<MailWorker, 'notify'>;
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

/** The reminder setting of a save: given, kept on an update without it, the default on a new event. */
function reminderHoursOf(input: TEventValues, current: EventRow | undefined): number | null {
  if (input.reminderHours !== undefined) return input.reminderHours;
  return current ? current.reminderHours : EVENT_REMINDER_HOURS_DEFAULT;
}

export function createEventsService(deps: EventsFeatureDeps) {
  const { db, storage, signer, search } = deps;
  const clock = deps.now ?? (() => new Date());
  const repo = createEventsRepository(db);
  const changes = createEventChanges({ outbox: deps.outbox, addresses: deps.addresses });
  const series = createSeriesService({ repo, changes });
  const present = createEventPresenter(repo, signer, db, (ids) => seriesRepository.rulesOf(db, ids));
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
          reminderHours: reminderHoursOf(input, current),
          ...picture,
        };
        const now = new Date();
        // a single event given a rule becomes the first date of a new series, as 'following' on it would
        const becomesSeries = current?.seriesId === null && input.recurrence != null;
        const following =
          current && (becomesSeries || (input.scope === 'following' && current.seriesId !== null));
        let eventId: number;
        let saved: number[];
        if (current && following) {
          saved = await series.saveFollowing(trx, principal, current, values, input, now);
          eventId = current.id;
        } else if (current) {
          await changes.mailChanged(trx, current, { id: current.id, ...values }, now);
          await repo.update(trx, current.id, values, now, eventChanged(current, values));
          eventId = current.id;
          saved = [eventId];
        } else {
          const first = await series.create(trx, values, input, now);
          eventId = first ?? (await repo.insert(trx, values, now));
          saved = first === undefined ? [eventId] : await seriesRepository.occurrenceIds(trx, eventId);
        }
        // capacity, waiting list and companions of every occurrence saved; a raised capacity moves its list up
        let settings: Awaited<ReturnType<typeof registration.saveSettings>> | undefined;
        for (const one of saved) {
          const stored = await registration.saveSettings(trx, principal, one, input, now);
          if (one === eventId) settings = stored;
          await search.refresh(trx, { kind: 'event', id: one });
        }
        await auditEventSave(trx, principal, eventId, { before: current, after: { ...values, ...settings } });
        const old = current && current.imageKey !== picture.imageKey ? current.imageKey : null;
        const replaced = old && !(await scheduleRepository.pictureInUse(trx, old)) ? old : null;
        return { result: eventId, replaced: [replaced] };
      });
      deps.mailWorker.notify();
      return service.byId(principal, id);
    },

    /**
     * Deletes the event (with 'following' it and every later occurrence of its series) and its answers,
     * after mailing 'abgesagt' to those with a place in the same transaction; a picture no other event
     * shows goes once the deletion has committed.
     */
    async remove(principal: Principal, id: number, scope: TEventChangeScope = 'this'): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        const event = await repo.find(trx, id);
        if (!event) throw notFound(EVENT_MESSAGES.notFound);
        const now = clock();
        const targets = await changes.targetsOf(trx, event, scope);
        for (const target of targets) {
          await changes.mailCancelled(trx, target, false, now);
          await auditEventDelete(trx, principal, target.id, target);
        }
        if (scope === 'following') await changes.auditSeriesDelete(trx, principal, event, targets.length);
        await changes.noteDeleted(trx, targets);
        for (const target of targets) await repo.delete(trx, target.id);
        await search.remove(
          trx,
          'event',
          targets.map((target) => target.id),
        );
        const images = [...new Set(targets.flatMap((target) => (target.imageKey ? [target.imageKey] : [])))];
        const unused: string[] = [];
        for (const key of images) if (!(await scheduleRepository.pictureInUse(trx, key))) unused.push(key);
        return unused;
      });
      deps.mailWorker.notify();
      await storage.discard(keys);
    },

    /** POST /api/event/{id}/cancel (admins): 'Abgesagt', mailed to those with a place; 409 a second time. */
    async cancel(principal: Principal, id: number, scope: TEventChangeScope): Promise<TEvent> {
      await db.transaction().execute((trx) => changes.cancel(trx, principal, id, scope, clock()));
      deps.mailWorker.notify();
      return service.byId(principal, id);
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
        if (event.cancelledAt !== null) throw conflict(REGISTRATION_MESSAGES.cancelledNoRegistration);
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
