import { EVENT_MESSAGES, REGISTRATION_MESSAGES, type TEventValues } from '@portal/contract';
import type { Principal } from '../../platform/auth/principal.ts';
import { usernameKey } from '../../platform/auth/username-key.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { EventRow } from './events.repository.ts';
import { freePlaces, placesTaken, registrationRepository as repo } from './registration.repository.ts';
import { auditAnswer, auditMoveUp, auditParticipantRemove, type Standing } from './registration-audit.ts';
import { queueMovedUpMail, type WaitlistMailer } from './waitlist-mails.ts';

interface RegistrationSettings {
  maxParticipants: number | null;
  waitingList: boolean;
  maxGuests: number;
}

async function standingOf(trx: Executor, eventId: number, userId: number): Promise<Standing> {
  const answer = await repo.answerOf(trx, eventId, userId);
  if (answer?.status) return { kind: 'place', guests: answer.guests };
  const waiting = await repo.waitingOf(trx, eventId, userId);
  if (waiting) return { kind: 'waiting', guests: waiting.guests, position: waiting.position };
  return answer ? { kind: 'declined' } : { kind: 'none' };
}

async function lockedEvent(trx: Executor, eventId: number): Promise<EventRow> {
  const event = await repo.lockEvent(trx, eventId);
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/**
 * Capacity, waiting list and companions (issue 35 points 1, 2). Every function runs in the caller's
 * transaction with the event's row locked, so places are never given twice (decision 0164); whenever a place
 * frees, the waiting list moves up in that same transaction, strictly in order (decision 0163).
 */
export function createRegistration(mailer: WaitlistMailer) {
  /**
   * Gives freed places to the waiting list: the first waiting party moves up while it fits; a party that
   * does not fit stops the list (no later, smaller party overtakes it). Returns how many moved up.
   */
  async function moveUp(trx: Executor, eventId: number, actorId: number | null, now: Date): Promise<number> {
    let moved = 0;
    for (;;) {
      const event = await lockedEvent(trx, eventId);
      const head = await repo.head(trx, eventId);
      if (!head) return moved;
      const free = freePlaces(event);
      if (free !== null && 1 + head.guests > free) return moved;
      await repo.leaveWaitlist(trx, eventId, head.userId);
      await repo.saveAnswer(trx, { eventId, userId: head.userId, status: true, guests: head.guests }, now);
      await auditMoveUp(trx, actorId, head.userId, event, head.guests);
      await queueMovedUpMail(trx, mailer, { event, member: head, guests: head.guests }, now);
      moved += 1;
    }
  }

  return {
    /**
     * A member's answer to an open event: accepting gives a place when the party (1 + guests) fits and nobody
     * waits ahead, else a waiting place (an existing one keeps its position) when the event has a waiting
     * list, else 409. Declining frees a place or a waiting place.
     */
    async answer(
      trx: Executor,
      principal: Principal,
      eventId: number,
      status: boolean,
      guests: number | undefined,
      now: Date,
    ): Promise<void> {
      const event = await lockedEvent(trx, eventId);
      const userId = principal.id;
      const before = await standingOf(trx, eventId, userId);
      if (!status) {
        await repo.saveAnswer(trx, { eventId, userId, status: false, guests: 0 }, now);
        if (before.kind === 'waiting') await repo.leaveWaitlist(trx, eventId, userId);
        await auditAnswer(trx, userId, event, before, { kind: 'declined' });
        // a waiting head that leaves may let a smaller party behind it fit
        if (before.kind !== 'declined' && before.kind !== 'none') await moveUp(trx, eventId, userId, now);
        return;
      }
      // the spec's form sends no companions: a place or waiting place keeps the ones it has
      const kept = before.kind === 'place' || before.kind === 'waiting' ? before.guests : 0;
      const party = 1 + (guests ?? kept);
      if (party - 1 > event.maxGuests) throw badRequest(REGISTRATION_MESSAGES.guestsRange(event.maxGuests));
      const own = before.kind === 'place' ? 1 + before.guests : 0;
      const fits =
        event.maxParticipants === null || placesTaken(event) - own + party <= event.maxParticipants;
      const ahead =
        before.kind === 'place' ? 0 : before.kind === 'waiting' ? before.position - 1 : event.waitingCount;
      if (fits && !(event.waitingList && ahead > 0)) {
        await repo.saveAnswer(trx, { eventId, userId, status: true, guests: party - 1 }, now);
        if (before.kind === 'waiting') await repo.leaveWaitlist(trx, eventId, userId);
        await auditAnswer(trx, userId, event, before, { kind: 'place', guests: party - 1 });
        if (own > party) await moveUp(trx, eventId, userId, now);
        return;
      }
      const free = freePlaces(event) ?? 0;
      if (before.kind === 'place') throw conflict(REGISTRATION_MESSAGES.notEnoughPlaces(free));
      if (!event.waitingList) {
        throw conflict(
          free === 0 ? REGISTRATION_MESSAGES.fullyBooked : REGISTRATION_MESSAGES.notEnoughPlaces(free),
        );
      }
      await repo.wait(trx, { eventId, userId, guests: party - 1 }, now);
      if (before.kind === 'declined') await repo.deleteAnswer(trx, eventId, userId);
      const after = await repo.waitingOf(trx, eventId, userId);
      const position = after?.position ?? 1;
      await auditAnswer(trx, userId, event, before, { kind: 'waiting', guests: party - 1, position });
    },

    /** An admin removes a member's answer or waiting place (404 when there is none); places move up. */
    async removeParticipant(trx: Executor, actor: Principal, eventId: number, username: string, now: Date) {
      const event = await lockedEvent(trx, eventId);
      const member = await trx
        .selectFrom('users')
        .select('id')
        .where('usernameKey', '=', usernameKey(username))
        .executeTakeFirst();
      const before = member ? await standingOf(trx, eventId, member.id) : ({ kind: 'none' } as const);
      if (!member || before.kind === 'none') throw notFound(REGISTRATION_MESSAGES.participantNotFound);
      if (before.kind === 'waiting') await repo.leaveWaitlist(trx, eventId, member.id);
      else await repo.deleteAnswer(trx, eventId, member.id);
      await auditParticipantRemove(trx, actor.id, member.id, event, before);
      await moveUp(trx, eventId, actor.id, now);
    },

    /**
     * In the save's transaction, after the event's row is written: stores the registration settings (omitted
     * on an update: kept; a new event: unlimited, no waiting list, no companions), refuses a capacity below
     * the places taken, and moves the waiting list up into places a raised capacity gives. Returns the
     * settings stored (for the save's audit entry).
     */
    async saveSettings(
      trx: Executor,
      actor: Principal,
      eventId: number,
      input: Pick<TEventValues, 'maxParticipants' | 'waitingList' | 'maxGuests'>,
      now: Date,
    ): Promise<RegistrationSettings> {
      const event = await lockedEvent(trx, eventId);
      const settings = {
        maxParticipants: input.maxParticipants === undefined ? event.maxParticipants : input.maxParticipants,
        waitingList: input.waitingList ?? event.waitingList,
        maxGuests: input.maxGuests ?? event.maxGuests,
      };
      const taken = placesTaken(event);
      if (settings.maxParticipants !== null && settings.maxParticipants < taken)
        throw badRequest(REGISTRATION_MESSAGES.capacityBelowTaken(taken));
      await trx.updateTable('events').set(settings).where('id', '=', eventId).execute();
      await moveUp(trx, eventId, actor.id, now);
      return settings;
    },

    /**
     * A member's erasure (in its transaction): their answers and waiting places go, and each event where
     * they had a place moves its waiting list up. Returns how many answers and waiting places were deleted.
     */
    async erase(trx: Executor, memberId: number, now: Date): Promise<{ answers: number; waiting: number }> {
      const placed = await trx
        .selectFrom('eventSubscriptions')
        .select('eventId')
        .where('userId', '=', memberId)
        .where('status', '=', true)
        .union(trx.selectFrom('eventWaitlist').select('eventId').where('userId', '=', memberId))
        .execute();
      // the events' rows in id order, as every other transaction locks them one at a time: no deadlock
      const eventIds = [...new Set(placed.map((row) => row.eventId))].sort((a, b) => a - b);
      for (const eventId of eventIds) await repo.lockEvent(trx, eventId);
      const answers = await trx
        .deleteFrom('eventSubscriptions')
        .where('userId', '=', memberId)
        .executeTakeFirst();
      const waiting = await trx.deleteFrom('eventWaitlist').where('userId', '=', memberId).executeTakeFirst();
      for (const eventId of eventIds) await moveUp(trx, eventId, null, now);
      return { answers: Number(answers.numDeletedRows), waiting: Number(waiting.numDeletedRows) };
    },
  };
}
