import { type Kysely, sql } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/**
 * Issue 33, point 3: the search's synonyms, which admins edit under 'Verwaltung'. A search for one term of a
 * group also finds the others; the engine reads the groups at query time, so a change needs no reindex.
 * - `search_synonyms`: one row per group of equivalent terms.
 * - `search_synonym_terms`: its terms as the admin typed them, in their order, and each one's key (folded as
 *   the search folds, spaces collapsed): the key is unique, so a term belongs to one group at most, also when
 *   two admins add it at the same moment.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema.createTable('search_synonyms').addColumn('id', kit.idType, kit.id),
    kit,
  ).execute();
  await db.schema
    .createTable('search_synonym_terms')
    .addColumn('synonym_id', 'integer', (col) =>
      col.notNull().references('search_synonyms.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('term', 'varchar(80)', (col) => col.notNull())
    .addColumn('term_key', 'varchar(200)', (col) => col.notNull().unique())
    .addPrimaryKeyConstraint('search_synonym_terms_pk', ['synonym_id', 'position'])
    .execute();
  const now = new Date().toISOString();
  for (const terms of SEEDED) {
    const { rows } = await sql<{ id: number }>`insert into search_synonyms (created_at, updated_at)
      values (${now}, ${now}) returning id`.execute(db);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('search_synonyms gave no id');
    for (const [position, term] of terms.entries()) {
      await sql`insert into search_synonym_terms (synonym_id, position, term, term_key)
        values (${id}, ${position}, ${term}, ${frozenKey(term)})`.execute(db);
    }
  }
}

/**
 * The trade's usual abbreviations and names (decision 0151); only those used in one sense across the flat-glass
 * trade. Left out for being ambiguous: SSG (structural sealant glazing or Schallschutzglas), ISO (the standards
 * body), BSG and WSG (rare in writing).
 */
const SEEDED: readonly (readonly string[])[] = [
  ['ESG', 'Einscheibensicherheitsglas', 'Einscheiben-Sicherheitsglas'],
  ['VSG', 'Verbundsicherheitsglas', 'Verbund-Sicherheitsglas'],
  ['MIG', 'Mehrscheiben-Isolierglas', 'Mehrscheibenisolierglas'],
  ['GEG', 'Gebäudeenergiegesetz'],
  ['Wärmedämmglas', 'Wärmeschutzglas'],
  ['TVG', 'teilvorgespanntes Glas'],
  ['EnEV', 'Energieeinsparverordnung'],
  ['Ug-Wert', 'Wärmedurchgangskoeffizient'],
  ['g-Wert', 'Gesamtenergiedurchlassgrad'],
  ['SZR', 'Scheibenzwischenraum'],
  ['Isolierglas', 'Isoglas'],
  ['abZ', 'allgemeine bauaufsichtliche Zulassung'],
  ['ZiE', 'Zustimmung im Einzelfall'],
];

/**
 * A frozen copy of the key the synonyms repository writes (`synonymKey`, features/search/synonyms.repository.ts):
 * lower case, German umlauts spelt out, other accents removed, spaces collapsed. A migration imports no live code
 * (decision 0131).
 */
function frozenKey(term: string): string {
  const spelt: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
  return [...term.trim().replace(/\s+/g, ' ').toLowerCase()]
    .map((char) => spelt[char] ?? char.normalize('NFD').replace(/\p{M}/gu, ''))
    .join('');
}
