import * as contract from '@portal/contract';
import { AUDIT_FIELDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { de } from './de';

/**
 * Issue 31: one form of address (Sie) and German quotes („…“) in every text the portal shows, except the
 * texts SPEC.md gives word for word, which stay byte for byte as it writes them ('{}' marks where a name goes).
 */
/** Where a function's argument lands: texts are compared with '{}' there. */
const ARGUMENT = '{}';

const SPEC_TEXTS = new Set([
  'Du hast Dich zur Veranstaltung "{}" angemeldet.',
  'Du hast Dich von der Veranstaltung "{}" abgemeldet.',
  'Wollen Sie den Eintrag "{}" wirklich löschen?',
  'Wollen Sie den Beitrag "{}" wirklich löschen?',
  'Wollen Sie die Veranstaltung "{}" wirklich löschen?',
  'Wollen Sie das Forum "{}" wirklich löschen?',
  'Wollen Sie das Thema "{}" wirklich löschen?',
  'Wollen Sie die Datei "{}" wirklich löschen?',
  'Möchten Sie jetzt alle Benutzer über diesen Blogbeitrag "{}" informieren?',
  '"Veröffentlichen am" ist ein Pflichtfeld.',
]);

/**
 * Issue 35's answer banners in the contract (REGISTRATION_MESSAGES, shared with the server) continue the
 * wording of SPEC §8's 'Du hast Dich zur Veranstaltung "…" angemeldet.': the same address and quotes.
 */
const ANSWER_BANNERS = new Set([
  contract.REGISTRATION_MESSAGES.waitlisted(ARGUMENT, 1).replace('Platz 1', 'Platz {}'),
  contract.REGISTRATION_MESSAGES.cancelled(ARGUMENT),
]);
const exempt = (text: string) => SPEC_TEXTS.has(text) || ANSWER_BANNERS.has(text);

/** The informal address in any case: du, dich, dir, dein…, euch, euer. */
const INFORMAL = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer)\b/i;

interface Found {
  path: string;
  text: string;
}

/** Every text reachable from `value`; a function is called with '{}' (or else 1) for each argument. */
function textsOf(value: unknown, path: string, seen = new Set<unknown>()): Found[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    for (const argument of [ARGUMENT, 1]) {
      try {
        return textsOf(fn(...Array.from({ length: fn.length }, () => argument)), `${path}()`, seen);
      } catch {
        // not a text of names: perhaps one of counts, else a function of other arguments (a parser)
      }
    }
    return [];
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  // zod schemas and other class instances hold no text of their own
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, entry]) => textsOf(entry, `${path}.${key}`, seen));
}

/** A text a person reads: letters and a blank (not a path, a pattern or a code). */
const isProse = (text: string) => /\p{L}{2,} \p{L}/u.test(text);

const catalogues = [...textsOf(de, 'de'), ...textsOf({ ...contract }, 'contract')].filter(({ text }) =>
  isProse(text),
);

describe('the address and the quotes of every German text (issue 31)', () => {
  it('finds the texts to check', () => {
    expect(catalogues.length).toBeGreaterThan(500);
    const shown = new Set(catalogues.map(({ text }) => text));
    expect(shown.has('Die Endzeit kann nicht vor der Startzeit liegen.')).toBe(true);
    // the audit log's field names too
    expect(shown.has(AUDIT_FIELDS.teilnahmeausblenden)).toBe(true);
  });

  it('addresses the member as Sie, except in the texts SPEC.md gives', () => {
    const informal = catalogues.filter(({ text }) => INFORMAL.test(text) && !exempt(text));
    expect(informal).toEqual([]);
  });

  it('quotes with „…“, except in the texts SPEC.md gives', () => {
    const straight = catalogues.filter(({ text }) => text.includes('"') && !exempt(text));
    expect(straight).toEqual([]);
    // nor in single straight quotes ('FMK-Intern') or English ones (“…”)
    const others = catalogues.filter(({ text }) => /(^|[\s(])'[^'\s][^']*'|”/.test(text));
    expect(others).toEqual([]);
  });

  it('keeps the texts SPEC.md gives byte for byte', () => {
    expect(contract.EVENT_MESSAGES.joined(ARGUMENT)).toBe('Du hast Dich zur Veranstaltung "{}" angemeldet.');
    expect(contract.EVENT_MESSAGES.left(ARGUMENT)).toBe(
      'Du hast Dich von der Veranstaltung "{}" abgemeldet.',
    );
    const shown = new Set(catalogues.map(({ text }) => text));
    expect([...SPEC_TEXTS].filter((text) => !shown.has(text))).toEqual([]);
  });
});
