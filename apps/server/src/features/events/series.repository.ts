import type { TRecurrence } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { SeriesData } from './ical-series.ts';

/** The rows of event series (issue 35 point 5): the rule, and the original starts of deleted occurrences. */
export const seriesRepository = {
  async rulesOf(executor: Executor, seriesIds: readonly number[]): Promise<Map<number, TRecurrence>> {
    const result = new Map<number, TRecurrence>();
    if (seriesIds.length === 0) return result;
    const rows = await executor.selectFrom('eventSeries').selectAll().where('id', 'in', seriesIds).execute();
    for (const row of rows) {
      result.set(row.id, {
        frequency: row.frequency === 'monthly' ? 'monthly' : 'weekly',
        interval: row.interval,
        weekOfMonth: row.weekOfMonth,
        until: row.until,
        count: row.count,
      });
    }
    return result;
  },

  /** The occurrences of the series `firstId` belongs to, by start (the first alone when not in one). */
  async occurrenceIds(executor: Executor, firstId: number): Promise<number[]> {
    const rows = await executor
      .selectFrom('events as e')
      .innerJoin('events as o', 'o.seriesId', 'e.seriesId')
      .select('o.id')
      .where('e.id', '=', firstId)
      .orderBy('o.startAt')
      .execute();
    return rows.length === 0 ? [firstId] : rows.map((row) => row.id);
  },

  /** What the calendar feed writes of these series: rule, every occurrence, deleted starts. */
  async calendarData(executor: Executor, seriesIds: readonly number[]): Promise<Map<number, SeriesData>> {
    const result = new Map<number, SeriesData>();
    if (seriesIds.length === 0) return result;
    const [rules, exceptions, rows] = await Promise.all([
      seriesRepository.rulesOf(executor, seriesIds),
      seriesRepository.exceptionsOf(executor, seriesIds),
      executor
        .selectFrom('events')
        .selectAll()
        .where('seriesId', 'in', seriesIds)
        .orderBy('startAt')
        .execute(),
    ]);
    for (const [id, rule] of rules) {
      const occurrences = rows.filter((row) => row.seriesId === id);
      result.set(id, { rule, occurrences, exceptions: exceptions.get(id) ?? [] });
    }
    return result;
  },

  async insert(executor: Executor, rule: TRecurrence, now: Date): Promise<number> {
    const row = await executor
      .insertInto('eventSeries')
      .values({ ...rule, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The series ends before a split: its rule then runs until the day before (`until`, no count). */
  async endBefore(executor: Executor, seriesId: number, until: string, now: Date): Promise<void> {
    await executor
      .updateTable('eventSeries')
      .set({ until, count: null, updatedAt: now })
      .where('id', '=', seriesId)
      .execute();
  },

  async addExceptions(executor: Executor, seriesId: number, recurrenceIds: readonly Date[]): Promise<void> {
    if (recurrenceIds.length === 0) return;
    await executor
      .insertInto('eventSeriesExceptions')
      .values(recurrenceIds.map((recurrenceId) => ({ seriesId, recurrenceId })))
      .onConflict((oc) => oc.columns(['seriesId', 'recurrenceId']).doNothing())
      .execute();
  },

  async exceptionsOf(executor: Executor, seriesIds: readonly number[]): Promise<Map<number, Date[]>> {
    const result = new Map<number, Date[]>();
    if (seriesIds.length === 0) return result;
    const rows = await executor
      .selectFrom('eventSeriesExceptions')
      .selectAll()
      .where('seriesId', 'in', seriesIds)
      .orderBy('recurrenceId')
      .execute();
    for (const row of rows) result.set(row.seriesId, [...(result.get(row.seriesId) ?? []), row.recurrenceId]);
    return result;
  },
};
