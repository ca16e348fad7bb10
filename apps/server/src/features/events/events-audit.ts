import type { TAuditField } from '@portal/contract';
/**
 * What the audit log (issue 18) keeps of an event: its fields as they were and became; the description only
 * as changed, never its text.
 */
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** An event as stored or about to be. */
interface EventState {
  name: string;
  description: string;
  location: string | null;
  startAt: Date;
  endAt: Date;
  url: string | null;
  registrationDeadline: Date | null;
  teilnahmeausblenden: boolean;
  external: boolean;
  imageName: string | null;
  /** registration (issue 35): absent where a caller does not know them */
  maxParticipants?: number | null;
  waitingList?: boolean;
  maxGuests?: number;
}

const FIELDS = [
  'name',
  'description',
  'startAt',
  'endAt',
  'location',
  'url',
  'registrationDeadline',
  'teilnahmeausblenden',
  'external',
  'image',
  'maxParticipants',
  'waitingList',
  'maxGuests',
] as const;
const HIDDEN: readonly TAuditField[] = ['description'];

function shown(event: EventState) {
  return {
    name: event.name,
    description: event.description,
    startAt: event.startAt,
    endAt: event.endAt,
    location: event.location,
    url: event.url,
    registrationDeadline: event.registrationDeadline,
    teilnahmeausblenden: event.teilnahmeausblenden,
    external: event.external,
    image: event.imageName,
    maxParticipants: event.maxParticipants ?? null,
    waitingList: event.waitingList ?? false,
    maxGuests: event.maxGuests ?? 0,
  };
}

/** In the save's transaction: `event.save` with what changed (everything given, for a new event). */
export async function auditEventSave(
  trx: Executor,
  actor: Principal,
  id: number,
  states: { before: EventState | undefined; after: EventState },
): Promise<void> {
  const changes = changedFields(states.before && shown(states.before), shown(states.after), FIELDS);
  await recordAudit(trx, {
    actorId: actor.id,
    kind: 'event.save',
    subjectType: 'event',
    subjectId: id,
    subjectLabel: states.after.name,
    changes: withTextsHidden(changes, HIDDEN),
  });
}

/** In the deletion's transaction: `event.delete` with the fields the event had. */
export async function auditEventDelete(
  trx: Executor,
  actor: Principal,
  id: number,
  event: EventState,
): Promise<void> {
  await recordAudit(trx, {
    actorId: actor.id,
    kind: 'event.delete',
    subjectType: 'event',
    subjectId: id,
    subjectLabel: event.name,
    changes: withTextsHidden(removedFields(shown(event), FIELDS), HIDDEN),
  });
}
