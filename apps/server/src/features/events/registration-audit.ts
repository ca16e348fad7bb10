/**
 * What the audit log keeps of registration (issue 35 point 7): a member's answer, a move-up from the waiting
 * list, an admin's removal of a participant. The member is named through their row (actor or subject), never
 * by name, so that erasing them removes their name from the log.
 */
import { PARTICIPANTS_CSV } from '@portal/contract';
import { type AuditChanges, recordAudit } from '../../platform/audit/audit-log.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** A member's state in an event: a place, a waiting place (with position), declined, or nothing. */
export type Standing =
  | { kind: 'place'; guests: number }
  | { kind: 'waiting'; guests: number; position: number }
  | { kind: 'declined' }
  | { kind: 'none' };

const statusText = (standing: Standing): string | null => {
  switch (standing.kind) {
    case 'place':
      return PARTICIPANTS_CSV.accepted;
    case 'waiting':
      return PARTICIPANTS_CSV.waiting(standing.position);
    case 'declined':
      return PARTICIPANTS_CSV.declined;
    case 'none':
      return null;
  }
};
const guestsOf = (standing: Standing) =>
  standing.kind === 'place' || standing.kind === 'waiting' ? standing.guests : 0;

function changes(before: Standing, after: Standing): AuditChanges {
  const result: AuditChanges = { status: { before: statusText(before), after: statusText(after) } };
  if (guestsOf(before) !== guestsOf(after))
    result.guests = { before: guestsOf(before), after: guestsOf(after) };
  return result;
}

interface EventRef {
  id: number;
  name: string;
}

/** `event.answer`: the member (actor) accepted, waits or declined, with companions. */
export async function auditAnswer(
  trx: Executor,
  memberId: number,
  event: EventRef,
  before: Standing,
  after: Standing,
): Promise<void> {
  await recordAudit(trx, {
    actorId: memberId,
    kind: 'event.answer',
    subjectType: 'event',
    subjectId: event.id,
    subjectLabel: event.name,
    changes: changes(before, after),
  });
}

/** `event.moveUp`: the member moved up from the waiting list to a place; the actor is who freed it. */
export async function auditMoveUp(
  trx: Executor,
  actorId: number | null,
  memberId: number,
  event: EventRef,
  guests: number,
): Promise<void> {
  await recordAudit(trx, {
    actorId,
    kind: 'event.moveUp',
    subjectType: 'member',
    subjectId: memberId,
    changes: {
      event: { before: null, after: event.name },
      ...changes({ kind: 'waiting', guests, position: 1 }, { kind: 'place', guests }),
    },
  });
}

/** `event.participantRemove`: an admin (actor) removed the member's answer or waiting place. */
export async function auditParticipantRemove(
  trx: Executor,
  actorId: number,
  memberId: number,
  event: EventRef,
  before: Standing,
): Promise<void> {
  await recordAudit(trx, {
    actorId,
    kind: 'event.participantRemove',
    subjectType: 'member',
    subjectId: memberId,
    changes: { event: { before: event.name, after: null }, ...changes(before, { kind: 'none' }) },
  });
}
