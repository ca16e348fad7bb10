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
});
