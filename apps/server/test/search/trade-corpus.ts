/**
 * A small corpus of the trade for the search's language (issue 33): news posts and a price list written
 * through the API, each post an hour older than the one before, so that a date breaks ties the same way on
 * every database. Titles are unique: tests name hits by them.
 */
import { createPost } from '../blog/blog-helpers.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import type { World } from '../helpers/world.ts';

const POSTS: readonly [title: string, text: string][] = [
  ['Isolierglas richtig lagern', 'Mehrscheiben-Isolierglas (MIG) braucht einen trockenen Randverbund.'],
  ['Isoliergläser im Vergleich', 'Zweifach- und Dreifachverglasung im Überblick.'],
  ['Mehrscheiben-Isolierglas bestellen', 'Lieferzeit beachten.'],
  ['Wärmeschutzglas für Altbauten', 'Der Ug-Wert liegt bei 1,1 und die Scheibe ist 4mm stark.'],
  ['Einscheiben-Sicherheitsglas nach Norm', 'Es ist thermisch vorgespannt.'],
  ['Einscheibensicherheitsglas im Duschbereich', 'Für Duschen gelten eigene Regeln.'],
  ['Türen aus ESG', 'Nur vorgespanntes Glas verwenden.'],
  ['Verbundsicherheitsglas über Kopf', 'Mit PVB-Folie gegen herabfallende Splitter.'],
  ['Scheiben linienförmig gelagert', 'Die Lagerung ist linienförmig nach DIN 18008.'],
  ['Fotografie im Gegenlicht', 'Glasfassaden wirken im Gegenlicht.'],
  ['Das Gebäudeenergiegesetz kommt', 'Das GEG ersetzt die alte Verordnung.'],
  ['Reklamation einer Lieferung', 'Wie eine Beanstandung abläuft.'],
  ['Versicherung', 'Bei Glasbruch zahlt sie.'],
  ['Glasbruch auf der Baustelle', 'Spannungsrisse durch Wärme.'],
  ['Normen im Überblick', 'Was die Ausschüsse beschließen.'],
  ['Neue Rahmenverträge', 'Mit den Lieferanten verhandelt.'],
  ['Verbundglas zuschneiden', 'Es wird geritzt und gebrochen.'],
  ['Randverbund prüfen', 'Der Randverbund hält dicht.'],
  ['Verbundfolie prüfen', 'Die Verbundfolie hält dicht.'],
  ['Spiegel an der Wand', 'Silberbeschichtung schützen.'],
  ['Fenster, die spiegeln', 'Bei Sonne blendet es.'],
  ['Glas schneiden', 'Mit dem Rädchen.'],
  ['Gläser stapeln', 'Immer auf Böcken.'],
  ['Preise 2026', 'Artikel FG1002 wird teurer.'],
];

/** The price list's rows: article, name, price. */
const ROWS = [
  'Artikel;Bezeichnung;Preis',
  'FG-1002;Floatglas 4 mm;12,50',
  'FG-3014;Floatglas 14 mm;44,00',
  'UG-7;Ug-Wert 1,0;9,00',
];

export const PRICE_LIST = 'Preisliste Floatglas';

export async function seedTradeCorpus(w: World<'admin'>): Promise<void> {
  const start = Date.parse('2026-03-01T12:00:00.000Z');
  for (const [index, [title, text]] of POSTS.entries())
    await createPost(w, {
      title,
      preText: `<p>${text}</p>`,
      content: '<p>Stand: März.</p>',
      publishedAt: new Date(start - index * 3_600_000).toISOString(),
    });
  const category = await createCategory(w, { name: 'Preise' });
  await createItem(
    w,
    { title: PRICE_LIST, categories: [category] },
    { filename: 'preise.csv', data: `${ROWS.join('\n')}\n` },
  );
}
