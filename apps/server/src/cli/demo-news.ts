import type { Kysely } from 'kysely';
import type { AccountsService } from '../features/accounts/index.ts';
import { createBlogRepository } from '../features/blog/index.ts';
import { createMediaRepository, newPublicToken } from '../features/media/index.ts';
import type { DB } from '../platform/db/schema.ts';
import { newKey, type Storage } from '../platform/storage/storage.ts';
import { sha256Hex } from '../platform/uploads/upload-hash.ts';
import { demoAsset, storeDemoPicture } from './demo-assets.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoPost {
  title: string;
  preText: string;
  content: string;
  groups: string[];
  tags: string[];
  /** days from now; negative is in the past */
  days: number;
  image?: string;
  displayOnDashboard?: boolean;
}

const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Energiepreise: Rahmenvertrag für Mitglieder verlängert',
    preText:
      '<p>Der Rahmenvertrag mit unserem Energiepartner läuft zwei weitere Jahre zu festen Konditionen.</p>',
    content:
      '<p>Mitgliedsbetriebe sichern sich damit planbare Strom- und Gaspreise bis Ende 2028.</p>' +
      '<ul><li>Festpreis ohne Mindestabnahme</li><li>Wechsel jederzeit zum Monatsende</li></ul>',
    groups: ['Mitglieder', 'Partner'],
    tags: ['Energie', 'Angebote'],
    days: -12,
    displayOnDashboard: false,
  },
  {
    title: 'DIN 18008: Was sich für den Glashandel ändert',
    preText: '<p>Die überarbeitete Norm bringt neue Anforderungen an absturzsichernde Verglasungen.</p>',
    content:
      '<p>Die wichtigsten Änderungen haben wir in einem Merkblatt zusammengefasst: ' +
      '<a href="/mediaLibrary/Dokumente/Merkblatt.pdf">Merkblatt zur DIN 18008 (PDF)</a>.</p>' +
      '<p>Bei Fragen hilft Ihnen unser Technik-Referat gerne weiter.</p>',
    groups: ['Mitglieder'],
    tags: ['Technik', 'Normen'],
    days: -5,
  },
  {
    title: 'Glastage 2026: Anmeldung geöffnet',
    preText: '<p>Zwei Tage Fachvorträge, Ausstellung und Austausch: Melden Sie sich jetzt an.</p>',
    content:
      '<h2>Programm</h2><p>Am ersten Tag stehen Normen und Technik im Mittelpunkt, am zweiten Tag Vertrieb ' +
      'und Digitalisierung. Am Abend laden wir zum Branchentreff ein.</p>',
    groups: ['Mitglieder', 'Partner'],
    tags: ['Veranstaltungen', 'Messe'],
    days: -2,
    image: 'images/logo.png',
  },
  {
    title: 'Vorstandssitzung: Ergebnisse und nächste Schritte',
    preText: '<p>Der Vorstand hat den Haushalt 2027 beschlossen und die Beitragsordnung beraten.</p>',
    content:
      '<p>Die Beiträge bleiben 2027 stabil. Die Geschäftsstelle bereitet bis zur nächsten Sitzung einen ' +
      'Vorschlag zur Staffelung nach Betriebsgröße vor.</p>',
    groups: ['Geschäftsführung'],
    tags: ['Vorstand'],
    days: -1,
  },
  {
    title: 'Vorschau: Jahreshauptversammlung 2027',
    preText: '<p>Die Einladung mit Tagesordnung folgt in Kürze.</p>',
    content: '<p>Die Jahreshauptversammlung findet im März 2027 in Köln statt.</p>',
    groups: ['Mitglieder'],
    tags: ['Veranstaltungen'],
    days: 7,
  },
];

/**
 * Demo media library (a category 'Dokumente' with 'Merkblatt.pdf', linked from a post) and demo news posts:
 * several tags, one for the internal Geschäftsführung (FMK-Intern), one with a picture, one scheduled.
 */
export async function seedDemoNews(deps: { db: Kysely<DB>; storage: Storage; accounts: AccountsService }) {
  const { db, storage } = deps;
  const admin = await deps.accounts.findUserByUsername('admin');
  if (!admin) return;
  const groups = new Map((await deps.accounts.listGroups()).map((group) => [group.name, group.id]));

  const media = createMediaRepository(db);
  const documents = await media.insertCategory(db, { name: 'Dokumente', parentId: null, position: 0 });
  await media.insertCategory(db, { name: 'Bilder', parentId: null, position: 1 });
  const pdf = await demoAsset('docs/merkblatt.pdf');
  if (pdf) {
    const storageKey = newKey('media', '.pdf');
    await storage.put(storageKey, pdf);
    await media.insertFile(db, {
      name: 'Merkblatt.pdf',
      categoryId: documents,
      storageKey,
      originalFilename: 'Merkblatt DIN 18008.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      publicToken: newPublicToken(),
      contentHash: sha256Hex(pdf),
    });
  }

  const blog = createBlogRepository(db);
  for (const post of DEMO_POSTS) {
    const picture = await storeDemoPicture(storage, 'blog', post.image);
    await db.transaction().execute(async (trx) => {
      const id = await blog.insert(trx, {
        title: post.title,
        preText: post.preText,
        content: post.content,
        ...picture,
        publishedAt: new Date(Date.now() + post.days * DAY),
        displayOnDashboard: post.displayOnDashboard ?? true,
        authorId: admin.id,
      });
      await blog.replaceGroups(
        trx,
        id,
        post.groups.flatMap((name) => groups.get(name) ?? []),
      );
      await blog.replaceTags(trx, id, post.tags);
    });
  }
}
