import { ADMIN_API, isAuditKind, type TAuditKind } from '@portal/contract';

/**
 * The audit log's filters live in the address (`/admin/audit?actor=3&kind=group.update&from=…&to=…`), so
 * that a reload, a shared link and the back button keep them. Anything unreadable there counts as unset.
 */
export interface AuditFilters {
  /** the acting member's id */
  actor: number | null;
  kind: TAuditKind | null;
  /** `YYYY-MM-DD`, German days, both included */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: AuditFilters = { actor: null, kind: null, from: null, to: null };

const MAX_ID = 2 ** 31 - 1;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function readId(text: string | null): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30), else null. */
export function readDay(text: string | null | undefined): string | null {
  const match = text ? DAY.exec(text) : null;
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? (text ?? null)
    : null;
}

const GERMAN_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * A day typed into the date fields: `25.11.2026` or `1.2.2026` (also `2026-11-25`) → `YYYY-MM-DD`; null while
 * it is no whole, real day yet.
 */
export function parseGermanDay(text: string): string | null {
  const trimmed = text.trim();
  const match = GERMAN_DAY.exec(trimmed);
  if (!match) return readDay(trimmed);
  const [, day = '', month = '', year = ''] = match;
  return readDay(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind');
  return {
    actor: readId(params.get('actor')),
    kind: kind !== null && isAuditKind(kind) ? kind : null,
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
  };
}

/** The set filters as query parameters, in a fixed order. */
function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actor !== null) params.set('actor', String(filters.actor));
  if (filters.kind !== null) params.set('kind', filters.kind);
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  return params;
}

/** `?actor=3&kind=group.update`, '' without filters: the screen's address. */
export function auditSearch(filters: AuditFilters): string {
  const search = filterParams(filters).toString();
  return search === '' ? '' : `?${search}`;
}

export function hasFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** 'Bis' before 'Von' finds nothing: the screen says so instead of asking. */
export function datesReversed({ from, to }: AuditFilters): boolean {
  return from !== null && to !== null && to < from;
}

/** GET /api/admin/audit with the filters and, after the first page, `before` (the previous `nextBefore`). */
export function auditApiPath(filters: AuditFilters, before: number | null): string {
  const params = filterParams(filters);
  if (before !== null) params.set('before', String(before));
  const search = params.toString();
  return search === '' ? ADMIN_API.audit : `${ADMIN_API.audit}?${search}`;
}
