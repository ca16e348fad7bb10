import { AUDIT_BYTE_FIELDS, auditFieldName, ROLE_NAMES, type TAuditEntry } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { formatDateTime, formatFileSize } from '../../../../lib/formatting';

const texts = de.adminAudit;

/** A recorded text longer than this (a post's body) is cut, so that one entry does not fill the screen. */
export const VALUE_MAX_LENGTH = 160;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const HTML_TAG = /<\/?[a-z][^>]*>/gi;

export interface ChangeLine {
  field: string;
  /** the field's German name */
  label: string;
  before: string;
  after: string;
}

/** Who acted: the member, else the host website (logins) or the system (the shell, the scheduler). */
export function actorLabel(entry: Pick<TAuditEntry, 'actor' | 'kind'>): string {
  if (entry.actor) return entry.actor.username;
  return entry.kind.startsWith('login.') ? texts.website : texts.system;
}

/** What the entry is about: its name or title then, else its id. */
export function subjectLabel(entry: Pick<TAuditEntry, 'subject' | 'subjectId'>): string {
  if (entry.subject !== null && entry.subject.trim() !== '') return entry.subject;
  return entry.subjectId !== null ? `#${entry.subjectId}` : texts.noSubject;
}

function cut(text: string): string {
  const single = text.replace(HTML_TAG, ' ').replace(/\s+/g, ' ').trim();
  return single.length > VALUE_MAX_LENGTH ? `${single.slice(0, VALUE_MAX_LENGTH - 1).trimEnd()}…` : single;
}

function isRoleName(value: string): value is keyof typeof ROLE_NAMES {
  return Object.hasOwn(ROLE_NAMES, value);
}

/** A named thing within a value ({ id, name } of a group, { title } of a post), else null. */
function nameOf(value: object): string | null {
  for (const key of ['name', 'title', 'username']) {
    const name: unknown = (value as Record<string, unknown>)[key];
    if (typeof name === 'string') return name;
  }
  return null;
}

/**
 * A recorded value as a reader wants it: '—' for none, 'ja'/'nein', German numbers, times in Berlin time,
 * roles by their German name, lists joined with commas, rich text without its markup.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return texts.none;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'number') return value.toLocaleString('de-DE');
  if (typeof value === 'string') {
    if (value.trim() === '') return texts.none;
    if (isRoleName(value)) return ROLE_NAMES[value];
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return cut(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? texts.none : value.map((item) => formatValue(item)).join(', ');
  }
  if (typeof value === 'object') return nameOf(value) ?? cut(JSON.stringify(value));
  return cut(String(value));
}

/** A size in bytes with its unit ('1,2 MB'); any other value as formatValue shows it. */
function formatSize(value: unknown): string {
  return typeof value === 'number' ? formatFileSize(value) : formatValue(value);
}

/**
 * The changed fields of an entry, each as before → after, in the order recorded: named as the form of the
 * subject calls them (contract AUDIT_FIELDS), sizes with their unit (issue 31).
 */
export function changeLines({
  subjectType,
  changes,
}: Pick<TAuditEntry, 'subjectType' | 'changes'>): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, { before, after }]) => {
    const format = AUDIT_BYTE_FIELDS.includes(field) ? formatSize : formatValue;
    return { field, label: auditFieldName(subjectType, field), before: format(before), after: format(after) };
  });
}
