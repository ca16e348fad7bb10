import { describe, expect, it } from 'vitest';
import { actorLabel, changeLines, formatValue, subjectLabel, VALUE_MAX_LENGTH } from './audit-entry';

describe('formatValue', () => {
  it('shows none as a dash, also an empty text or list', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue('  ')).toBe('—');
    expect(formatValue([])).toBe('—');
  });

  it("says 'ja' and 'nein' for yes and no", () => {
    expect(formatValue(true)).toBe('ja');
    expect(formatValue(false)).toBe('nein');
  });

  it('joins lists, naming groups and posts by their name or title', () => {
    expect(formatValue(['Mitglieder', 'Vorstand'])).toBe('Mitglieder, Vorstand');
    expect(
      formatValue([
        { id: 1, name: 'Mitglieder' },
        { id: 2, title: 'Jahresbericht' },
      ]),
    ).toBe('Mitglieder, Jahresbericht');
    expect(formatValue([3, 1200])).toBe('3, 1.200');
  });

  it('shows roles by their German name', () => {
    expect(formatValue('ROLE_ADMIN')).toBe('Administrator');
    expect(formatValue('ROLE_USER')).toBe('Mitglied');
  });

  it('shows a time in German time', () => {
    expect(formatValue('2026-11-25T09:30:00.000Z')).toBe('25.11.2026, 10:30 Uhr');
    expect(formatValue('2026-07-01T22:15:00Z')).toBe('02.07.2026, 00:15 Uhr');
  });

  it('keeps plain text and a day as they are', () => {
    expect(formatValue('Glas AG')).toBe('Glas AG');
    expect(formatValue('2026-11-25')).toBe('2026-11-25');
  });

  it('drops the markup of rich text and cuts a long text', () => {
    expect(formatValue('<p>Hallo <strong>Welt</strong></p>')).toBe('Hallo Welt');
    const long = formatValue('a'.repeat(500));
    expect(long).toHaveLength(VALUE_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  it('shows another object by its name, else as JSON', () => {
    expect(formatValue({ id: 3, name: 'Vorstand' })).toBe('Vorstand');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('changeLines', () => {
  it('names the known fields in German and formats before and after', () => {
    expect(
      changeLines({
        subjectType: 'group',
        changes: {
          name: { before: 'Vorstand', after: 'Präsidium' },
          internal: { before: false, after: true },
          groups: { before: [], after: ['Mitglieder', 'Partner'] },
          somethingNew: { before: null, after: 'x' },
        },
      }),
    ).toEqual([
      { field: 'name', label: 'Name', before: 'Vorstand', after: 'Präsidium' },
      { field: 'internal', label: 'Intern', before: 'nein', after: 'ja' },
      { field: 'groups', label: 'Gruppen', before: '—', after: 'Mitglieder, Partner' },
      { field: 'somethingNew', label: 'somethingNew', before: '—', after: 'x' },
    ]);
  });

  it('has no lines without changes', () => {
    expect(changeLines({ subjectType: 'post', changes: null })).toEqual([]);
    expect(changeLines({ subjectType: 'post', changes: {} })).toEqual([]);
  });

  it('does not take an inherited property for a field name', () => {
    expect(
      changeLines({ subjectType: 'post', changes: { toString: { before: 1, after: 2 } } })[0]?.label,
    ).toBe('toString');
  });
});

describe('actorLabel and subjectLabel', () => {
  it('names the acting member', () => {
    expect(actorLabel({ actor: { id: 1, username: 'admin' }, kind: 'group.update' })).toBe('admin');
  });

  it("says 'Website' for a login without a member and 'System' otherwise", () => {
    expect(actorLabel({ actor: null, kind: 'login.host' })).toBe('Website');
    expect(actorLabel({ actor: null, kind: 'member.role' })).toBe('System');
  });

  it('names the subject, else by its id', () => {
    expect(subjectLabel({ subject: 'Vorstand', subjectId: 3 })).toBe('Vorstand');
    expect(subjectLabel({ subject: null, subjectId: 3 })).toBe('#3');
    expect(subjectLabel({ subject: null, subjectId: null })).toBe('ohne Bezeichnung');
  });
});

describe('changeLines in the words of the forms (issue 31)', () => {
  const labels = (subjectType: Parameters<typeof changeLines>[0]['subjectType'], fields: string[]) =>
    changeLines({
      subjectType,
      changes: Object.fromEntries(fields.map((field) => [field, { before: null, after: 'x' }])),
    }).map((line) => line.label);

  it('names every field as the form of its subject calls it', () => {
    expect(labels('media', ['name', 'category', 'file', 'size'])).toEqual([
      'Name',
      'Kategorie',
      'Datei',
      'Größe',
    ]);
    expect(labels('post', ['preText', 'content', 'publishedAt', 'displayOnDashboard'])).toEqual([
      'Einleitung',
      'Beitrag',
      'Veröffentlichen am',
      'Auf dem Dashboard anzeigen',
    ]);
    expect(labels('content', ['preText', 'postText', 'table'])).toEqual([
      'Text vor der Tabelle',
      'Text nach der Tabelle',
      'CSV-Datei',
    ]);
    expect(labels('category', ['url', 'showInQuickAccess'])).toEqual(['URL', 'Im Schnellzugriff anzeigen']);
    expect(labels('event', ['url', 'startAt', 'endAt'])).toEqual(['Link', 'Beginn', 'Ende']);
    expect(labels('forum', ['threads'])).toEqual(['Themen']);
    expect(labels('thread', ['name', 'posts'])).toEqual(['Name des Themas', 'Beiträge']);
    expect(labels('member', ['created', 'eventAnswers', 'sessions'])).toEqual([
      'Neu angelegt',
      'Antworten auf Veranstaltungen',
      'Anmeldungen auf Geräten',
    ]);
  });

  it('shows sizes with their unit', () => {
    const [line] = changeLines({
      subjectType: 'media',
      changes: { size: { before: 1_234_567, after: 845 } },
    });
    expect(line).toEqual({ field: 'size', label: 'Größe', before: '1,2 MB', after: '845 Bytes' });
  });
});
