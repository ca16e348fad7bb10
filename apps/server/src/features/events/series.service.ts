import type { TEventValues, TRecurrence } from '@portal/contract';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { berlinDayBefore, type EventChanges } from './event-changes.ts';
import { eventChanged } from './event-revision.ts';
import { expandRule, normalizeRule } from './event-series.ts';
import type { EventRow, EventsRepository, EventValues } from './events.repository.ts';
import { seriesRepository } from './series.repository.ts';

const berlinDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });

/**
 * Series (issue 35 point 5, decision 0166): every occurrence is an event row of its own (answers, places,
 * waiting list); the series row keeps the rule for iCalendar. A save with scope 'following' changes the
 * occurrence and every later one: each keeps its own date and gets the same shift of its time of day and the
 * same duration, settings and texts; with a new rule the series is split there.
 */
export function createSeriesService(deps: { repo: EventsRepository; changes: EventChanges }) {
  const { repo, changes } = deps;

  /** Inserts the occurrences of a new series from `values` (the first one's); returns the first's id. */
  async function createSeries(
    trx: Executor,
    values: EventValues,
    rule: TRecurrence,
    now: Date,
  ): Promise<number> {
    const occurrences = expandRule({ start: values.startAt, end: values.endAt }, rule);
    const seriesId = await seriesRepository.insert(trx, rule, now);
    const deadlineBefore =
      values.registrationDeadline === null
        ? null
        : values.startAt.getTime() - values.registrationDeadline.getTime();
    const ids: number[] = [];
    for (const occurrence of occurrences) {
      const id = await repo.insert(
        trx,
        {
          ...values,
          startAt: occurrence.start,
          endAt: occurrence.end,
          // a deadline keeps its distance to each occurrence's start
          registrationDeadline:
            deadlineBefore === null ? null : new Date(occurrence.start.getTime() - deadlineBefore),
        },
        now,
      );
      await trx
        .updateTable('events')
        .set({ seriesId, recurrenceId: occurrence.start })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    return ids[0] as number;
  }

  return {
    createSeries,

    /** A new event with `recurrence`: the rule checked (400 with the contract's messages) and expanded. */
    async create(
      trx: Executor,
      values: EventValues,
      input: TEventValues,
      now: Date,
    ): Promise<number | undefined> {
      if (!input.recurrence) return undefined;
      return createSeries(trx, values, normalizeRule(input.recurrence, values.startAt), now);
    },

    /**
     * Scope 'following' on an occurrence: without a new rule every later occurrence gets the shift of start
     * and the duration of this save, and its fields; with a new rule the old series ends the day before and
     * a new series starts here. Occurrences of the new rule on a day an old one had keep that row and its
     * answers; old ones on other days are deleted with the 'abgesagt' mail. Returns the ids saved.
     */
    async saveFollowing(
      trx: Executor,
      principal: Principal,
      current: EventRow,
      values: EventValues,
      input: TEventValues,
      now: Date,
    ): Promise<number[]> {
      const following = await changes.targetsOf(trx, current, 'following');
      const shift = values.startAt.getTime() - current.startAt.getTime();
      const duration = values.endAt.getTime() - values.startAt.getTime();
      const rule = input.recurrence ? normalizeRule(input.recurrence, values.startAt) : undefined;
      let planned = following.map((row) => ({
        row: row as EventRow | undefined,
        start: new Date(row.startAt.getTime() + shift),
      }));
      let seriesId = current.seriesId;
      if (rule) {
        const occurrences = expandRule({ start: values.startAt, end: values.endAt }, rule);
        const byDay = new Map(following.map((row) => [berlinDay.format(row.startAt), row]));
        planned = occurrences.map((occurrence) => ({
          row: byDay.get(berlinDay.format(occurrence.start)),
          start: occurrence.start,
        }));
        const kept = new Set(planned.flatMap((plan) => (plan.row ? [plan.row.id] : [])));
        const dropped = following.filter((row) => !kept.has(row.id));
        for (const row of dropped) await changes.mailCancelled(trx, row, false, now);
        for (const row of dropped) await repo.delete(trx, row.id);
        if (current.seriesId !== null && current.recurrenceId !== null)
          await seriesRepository.endBefore(trx, current.seriesId, berlinDayBefore(current.recurrenceId), now);
        seriesId = await seriesRepository.insert(trx, rule, now);
      }
      const ids: number[] = [];
      for (const plan of planned) {
        const next: EventValues = {
          ...values,
          startAt: plan.start,
          endAt: new Date(plan.start.getTime() + duration),
          registrationDeadline:
            values.registrationDeadline === null
              ? null
              : new Date(
                  plan.start.getTime() - (values.startAt.getTime() - values.registrationDeadline.getTime()),
                ),
        };
        if (plan.row) {
          await changes.mailChanged(trx, plan.row, { id: plan.row.id, ...next }, now);
          await repo.update(trx, plan.row.id, next, now, eventChanged(plan.row, next));
          ids.push(plan.row.id);
        } else ids.push(await repo.insert(trx, next, now));
        const id = ids[ids.length - 1] as number;
        if (rule)
          await trx
            .updateTable('events')
            .set({ seriesId, recurrenceId: plan.start })
            .where('id', '=', id)
            .execute();
      }
      await recordAudit(trx, {
        actorId: principal.id,
        kind: 'event.seriesSave',
        subjectType: 'event',
        subjectId: current.id,
        subjectLabel: values.name,
        changes: { occurrences: { before: following.length, after: ids.length } },
      });
      return ids;
    },
  };
}
