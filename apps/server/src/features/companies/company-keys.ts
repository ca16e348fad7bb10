/**
 * How companies are told apart and found (issue 36, decision 0170): a name's key is the name folded as the
 * search folds it (case, umlauts, accents) without any blank, so 'Glas  Müller GmbH' and 'glas mueller gmbh'
 * are one company; the directory's search text is the folded name, place and specialties.
 */
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { fold } from '../../platform/search/fold.ts';

export const nameKey = (name: string): string => fold(name).replace(/\s+/gu, '');

/** The A–Z bar's letter of a name: the first letter of the folded name, '#' for a digit or another sign. */
export function letterOf(name: string): string {
  const first = fold(name.trim()).charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}

/** The text the directory's `q` is matched in: folded name, PLZ, place and specialties, one blank apart. */
export function searchTextOf(company: {
  name: string;
  postalCode: string | null;
  city: string | null;
  specialties: readonly string[];
}): string {
  const parts = [company.name, company.postalCode ?? '', company.city ?? '', ...company.specialties];
  return fold(parts.filter(Boolean).join(' ')).replace(/\s+/gu, ' ');
}

/** The folded words of a directory query, each as a LIKE pattern (wildcards in the query taken literally). */
export function queryPatterns(q: string | undefined): string[] {
  if (!q) return [];
  return fold(q)
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * Runs a write that may meet a unique name key another request just took: two admins creating 'Glas Müller'
 * at once both find no such company, and the second insert fails on `companies.name_key` (on PostgreSQL; on
 * SQLite the one writer lets the second see the first). That answers 409 with `conflict`, never 500.
 */
export async function guardUniqueName<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict() : error;
  }
}
