/**
 * The peer of the search-quality bench: MiniSearch over the same documents' plain text, in this process.
 * Settings for German as a site search would set them: MiniSearch's own tokeniser (splits at spaces and
 * punctuation, so `FG-1002` is `fg` and `1002`), terms lower-cased with umlauts and ß written out as German
 * does when it cannot write them (`Wärme` = `Waerme`, `ß` = `ss`), prefix search and fuzzy search (edit
 * distance 20 % of the term, MiniSearch's documented example) on, any term may match (its default "OR", ranked
 * by BM25+), and a title hit weighs twice a text hit. MiniSearch has no German stemmer of its own.
 */
import MiniSearch from 'minisearch';
import type { CorpusDocument } from './corpus.ts';

const SPELT_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

function germanTerm(term: string): string {
  return term.toLowerCase().replace(/[äöüß]/g, (char) => SPELT_OUT[char] ?? char);
}

export function createPeer(documents: readonly CorpusDocument[]): (q: string, limit: number) => string[] {
  const index = new MiniSearch<CorpusDocument>({
    idField: 'key',
    fields: ['title', 'text'],
    processTerm: germanTerm,
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
  });
  index.addAll(documents);
  return (q, limit) =>
    index
      .search(q)
      .slice(0, limit)
      .map((result) => String(result.id));
}
