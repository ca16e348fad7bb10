import type { TRecurrence, TRecurrenceInput } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TIME_ZONE } from '../../../lib/formatting';

dayjs.extend(utc);
dayjs.extend(timezone);

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;

export type WeekOfMonth = 1 | 2 | 3 | 4 | -1;

/** The start's weekday in Berlin, in German ('Dienstag'); '' for an empty or invalid start. */
export function startWeekday(startIso: string): string {
  const start = dayjs(startIso);
  return startIso && start.isValid() ? (WEEKDAYS[start.tz(TIME_ZONE).day()] ?? '') : '';
}

/**
 * The weeks of the month a monthly series on the start's weekday can use: its n-th occurrence in the month
 * (1–4; a fifth has no every-month equivalent) and -1 when it is the month's last one.
 */
export function weeksOfMonth(startIso: string): WeekOfMonth[] {
  const start = dayjs(startIso);
  if (!startIso || !start.isValid()) return [];
  const berlin = start.tz(TIME_ZONE);
  const date = berlin.date();
  const nth = Math.ceil(date / 7);
  const weeks: WeekOfMonth[] = nth <= 4 ? [nth as WeekOfMonth] : [];
  if (date + 7 > berlin.daysInMonth()) weeks.push(-1);
  return weeks;
}

/** 'am 2. Dienstag', 'am letzten Freitag' */
export function weekOfMonthWords(week: WeekOfMonth, weekday: string): string {
  return week === -1 ? `am letzten ${weekday}` : `am ${week}. ${weekday}`;
}

/** A series' rule in words: 'wöchentlich', 'alle 2 Wochen', 'monatlich am 2. Dienstag', 'alle 3 Monate …'. */
export function recurrenceWords(
  rule: Pick<TRecurrence | TRecurrenceInput, 'frequency' | 'interval' | 'weekOfMonth'>,
  startIso: string,
): string {
  const every = rule.interval ?? 1;
  if (rule.frequency === 'weekly') return every === 1 ? 'wöchentlich' : `alle ${every} Wochen`;
  const base = every === 1 ? 'monatlich' : `alle ${every} Monate`;
  const week = (rule.weekOfMonth ?? weeksOfMonth(startIso)[0]) as WeekOfMonth | undefined;
  const weekday = startWeekday(startIso);
  return week && weekday ? `${base} ${weekOfMonthWords(week, weekday)}` : base;
}
