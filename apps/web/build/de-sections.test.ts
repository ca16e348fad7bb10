import { describe, expect, it } from 'vitest';
import { readSections, rewriteSectionUses } from './de-sections';

const DE = '/repo/apps/web/src/i18n/de.ts';

describe('de-sections', () => {
  it('reads each section of de with the file’s imports and helpers', () => {
    const { head, sections } = readSections(
      [
        "import { AUTH_MESSAGES } from '@portal/contract';",
        'export const de = {',
        "  login: { title: 'Anmelden', invalid: AUTH_MESSAGES.invalid },",
        '  blog: { count: (n) => formatCount(n) },',
        '};',
        'function formatCount(value) { return String(value); }',
      ].join('\n'),
    );
    expect([...sections.keys()]).toEqual(['login', 'blog']);
    expect(sections.get('login')).toBe("{ title: 'Anmelden', invalid: AUTH_MESSAGES.invalid }");
    expect(head).toContain("import { AUTH_MESSAGES } from '@portal/contract';");
    expect(head).toContain('function formatCount');
  });

  it('rewrites de.X to the section modules', () => {
    const code = [
      "import { de } from '../i18n/de';",
      'const x = { de: 1, title: de.login.title, count: de.blog.count(2), again: de.login.invalid };',
    ].join('\n');
    const rewritten = rewriteSectionUses(code, '/repo/apps/web/src/app/page.tsx', DE);
    expect(rewritten).toContain(`import { login as __de_login } from "${DE}?de-section=login";`);
    expect(rewritten).toContain(`import { blog as __de_blog } from "${DE}?de-section=blog";`);
    expect(rewritten).toContain(
      'title: __de_login.title, count: __de_blog.count(2), again: __de_login.invalid',
    );
    expect(rewritten).toContain('{ de: 1,');
    expect(rewritten).not.toContain("from '../i18n/de'");
  });

  it('leaves a module that uses de otherwise, or imports other texts, as it is', () => {
    const whole =
      "import { de } from '../i18n/de';\nexport const all = de;\nexport const t = de.login.title;";
    expect(rewriteSectionUses(whole, '/repo/apps/web/src/app/page.tsx', DE)).toBeNull();
    const other = "import { de } from './de';\nexport const t = de.login.title;";
    expect(rewriteSectionUses(other, '/repo/apps/web/src/app/page.tsx', DE)).toBeNull();
  });

  it('reads the keys of a section, none of one with a spread', () => {
    const { keys } = readSections(
      "export const de = { events: { next: 'Nächste', left: (n) => n + ' verlassen' }, forums: { ...X } };",
    );
    expect([...(keys.get('events') ?? new Map())]).toEqual([
      ['next', "'Nächste'"],
      ['left', "(n) => n + ' verlassen'"],
    ]);
    expect(keys.has('forums')).toBe(false);
  });

  it('rewrites de.X.Y to the key modules of a section read by key, unless the module uses de.X otherwise', () => {
    const byKey = new Set(['events']);
    const keyed = [
      "import { de } from '../i18n/de';",
      'export const a = [de.events.next, de.events.left(2), de.events.next, de.login.title];',
    ].join('\n');
    const rewritten = rewriteSectionUses(keyed, '/repo/apps/web/src/app/page.tsx', DE, byKey);
    expect(rewritten).toContain(`import { next as __de_events__next } from "${DE}?de-section=events.next";`);
    expect(rewritten).toContain(`import { left as __de_events__left } from "${DE}?de-section=events.left";`);
    expect(rewritten).toContain(`import { login as __de_login } from "${DE}?de-section=login";`);
    expect(rewritten).toContain(
      '[__de_events__next, __de_events__left(2), __de_events__next, __de_login.title]',
    );
    expect(rewritten?.match(/events\.next"/g)).toHaveLength(1);

    const mixed = [
      "import { de } from '../i18n/de';",
      'export const texts = de.events;',
      'export const next = de.events.next;',
    ].join('\n');
    const whole = rewriteSectionUses(mixed, '/repo/apps/web/src/app/page.tsx', DE, byKey);
    expect(whole).toContain(`import { events as __de_events } from "${DE}?de-section=events";`);
    expect(whole).toContain('export const texts = __de_events;\nexport const next = __de_events.next;');
    expect(whole).not.toContain('events.next"');
  });
});
