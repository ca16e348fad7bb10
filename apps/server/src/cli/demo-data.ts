import { APP_PATHS, type TContentCategory, type TContentCategoryValues, type TRole } from '@portal/contract';
import iconv from 'iconv-lite';
import type { AccountsService } from '../features/accounts/index.ts';
import { createCategoriesService } from '../features/categories/index.ts';
import { type ContentFeatureDeps, createContentService } from '../features/content/index.ts';
import { createSearchIndex, reindexAll, type SearchIndex } from '../features/search/index.ts';
import { SEARCH_SOURCES } from '../modules.ts';
import { seedDemoEvents } from './demo-events.ts';
import { seedDemoForums } from './demo-forums.ts';
import { seedDemoMedia } from './demo-media.ts';
import { seedDemoNews } from './demo-news.ts';

export const DEMO_PASSWORD = 'portal-demo';

/** User groups of ARCHITECTURE §4; Geschäftsführung is internal (blog `ceo=true`, 'FMK-Intern'). */
export const DEMO_GROUPS = [
  { name: 'Mitglieder', internal: false, isDefault: true },
  { name: 'Partner', internal: false, isDefault: true },
  { name: 'Geschäftsführung', internal: true, isDefault: false },
] as const;

export const DEMO_USERS: {
  username: string;
  role: TRole;
  email: string;
  company: string;
  groups: string[];
}[] = [
  {
    username: 'admin',
    role: 'ROLE_ADMIN',
    email: 'admin@example.de',
    company: 'Verband Flachglas e. V.',
    groups: ['Mitglieder', 'Partner', 'Geschäftsführung'],
  },
  {
    username: 'mitglied',
    role: 'ROLE_USER',
    email: 'mitglied@example.de',
    company: 'Glaserei Beispiel GmbH',
    groups: ['Mitglieder', 'Geschäftsführung'],
  },
  {
    username: 'partner',
    role: 'ROLE_PARTNER',
    email: 'partner@example.de',
    company: 'Beispiel Versicherung AG',
    groups: ['Partner'],
  },
];

/** What the demo content is written with; without `search`, the seed writes to an index of its own. */
export type DemoContentDeps = Omit<ContentFeatureDeps, 'search'> & { search?: SearchIndex };

/**
 * Seeds groups, demo accounts and (given `content`) the demo category tree, news, media, events and forums
 * once, into an empty database; returns false when users already exist.
 */
export async function seedDemoData(accounts: AccountsService, content?: DemoContentDeps): Promise<boolean> {
  // Every start asks: reading every member of a large association only to count them held 150 MB.
  if (await accounts.hasUsers()) return false;
  for (const group of DEMO_GROUPS) await accounts.ensureGroup(group.name, group);
  for (const user of DEMO_USERS) {
    await accounts.upsertUser({ ...user, roles: [user.role], password: DEMO_PASSWORD });
  }
  if (!content) return true;
  const deps = { ...content, search: content.search ?? createSearchIndex(SEARCH_SOURCES), accounts };
  await seedDemoContent(deps);
  await seedDemoNews(deps);
  await seedDemoMedia(deps);
  await seedDemoEvents(deps);
  await seedDemoForums(deps);
  // News, media and events go straight into their tables: one rebuild indexes them with the rest.
  await reindexAll(content.db, SEARCH_SOURCES);
  return true;
}

/** A price list as German Excel exports it: `;`, decimal commas, Windows-1252, a quoted line break, links. */
const DEMO_PRICE_LIST = [
  'Artikel-Nr.;Bezeichnung;Dicke (mm);Ug-Wert (W/m²K);Preis (€/m²);Hinweis;Datenblatt',
  'FG-1001;Floatglas klar;4;5,8;18,90;Standardware;[Datenblatt](https://de.wikipedia.org/wiki/Floatglas)',
  'FG-1002;Wärmeschutzglas Zweifach;24;1,1;42,50;"Lieferzeit; ca. 2 Wochen";[Merkblatt](Dokumente/Merkblatt.pdf)',
  'FG-1003;Schallschutzglas (Rw 42 dB);32;1,0;68,00;"Bitte beachten:\nnur auf Anfrage";',
  'FG-1004;Sicherheitsglas ESG – gehärtet;8;5,6;31,20;Größe max. 2500×1500;',
  'FG-1005;Ornamentglas „Chinchilla“;4;5,8;24,75;Muster über Außendienst;',
].join('\r\n');

const DEMO_CONTACTS = [
  'Name;Aufgabe;E-Mail',
  'Dr. Anna Becker;Geschäftsführerin;a.becker@example.de',
  'Jürgen Weiß;Technik und Normen;j.weiss@example.de',
  'Zoë Brandt;Veranstaltungen;z.brandt@example.de',
].join('\n');

/** The demo category tree with content pages, a CSV price list, links and quick-access entries. */
export async function seedDemoContent(
  deps: ContentFeatureDeps & { accounts: AccountsService },
): Promise<void> {
  const admin = await deps.accounts.findUserByUsername('admin');
  const principal = admin ? await deps.accounts.principal(admin.id) : undefined;
  if (!principal) return;
  const content = createContentService(deps);
  const categories = createCategoriesService({ db: deps.db, accounts: deps.accounts, content });
  const groups = new Map((await deps.accounts.listGroups()).map((group) => [group.name, group.id]));
  const groupIds = (...names: string[]) => names.flatMap((name) => groups.get(name) ?? []);

  const category = async (values: Partial<TContentCategoryValues> & { name: string }): Promise<number> => {
    const tree = await categories.save(principal, {
      type: 'content',
      visibleForUserGroups: groupIds('Mitglieder'),
      showInQuickAccess: false,
      ...values,
    });
    const all = (nodes: TContentCategory[]): TContentCategory[] =>
      nodes.flatMap((n) => [n, ...all(n.children)]);
    return Math.max(...all(tree).map((node) => node.id));
  };
  const table = (filename: string, data: Buffer) => ({ filename, mimetype: 'text/csv', data });

  const infos = await category({
    name: 'Verbandsinfos',
    position: 0,
    visibleForUserGroups: groupIds('Mitglieder', 'Partner'),
    showInQuickAccess: true,
  });
  const technik = await category({ name: 'Technik', position: 1 });
  const normen = await category({ name: 'Normen', parentId: technik, showInQuickAccess: true });
  await category({ name: 'Intern', position: 2, visibleForUserGroups: groupIds('Geschäftsführung') });
  await category({
    name: 'Dienstleistungsangebote',
    type: 'url',
    url: APP_PATHS.serviceOfferings,
    position: 3,
    showInQuickAccess: true,
  });
  await category({
    name: 'Flachglas (Wikipedia)',
    type: 'url',
    url: 'https://de.wikipedia.org/wiki/Flachglas',
    position: 4,
    visibleForUserGroups: groupIds('Mitglieder', 'Partner'),
  });

  await content.save(principal, {
    title: 'Über den Verband',
    categories: [infos],
    position: 0,
    preText:
      '<p>Der Verband vertritt die Unternehmen des <strong>Flachglashandels</strong> gegenüber Politik und Normung.</p>',
    postText: '<p>Fragen? Schreiben Sie uns an <a href="mailto:info@example.de">info@example.de</a>.</p>',
  });
  await content.save(
    principal,
    { title: 'Ansprechpartner der Geschäftsstelle', categories: [infos], position: 1 },
    table('ansprechpartner.csv', Buffer.from(DEMO_CONTACTS, 'utf8')),
  );
  await content.save(
    principal,
    {
      title: 'Preisliste Flachglas 2026',
      categories: [normen],
      preText: '<p>Unverbindliche Richtpreise je Quadratmeter, ohne Zuschnitt.</p>',
    },
    table('preisliste-2026.csv', iconv.encode(DEMO_PRICE_LIST, 'windows-1252')),
  );
}
