/**
 * Synonym groups at query time (issue 33 point 3): a word of the query that is a term of a group also finds
 * what the group's other terms find, both ways (`ESG` ↔ `Einscheibensicherheitsglas`), so a change of the
 * list takes effect on the next search without a reindex. Terms are normalised as the query is; a term of
 * several words finds them all. A long word that ends a group's compound (`Sicherheitsglas` in
 * `Einscheibensicherheitsglas`) also finds the group's other terms (`ESG`): it names a kind of it.
 */
import { formsOf, SHORT } from './normalise.ts';
import {
  type Alternative,
  keyOf,
  NO_SYNONYMS,
  type SynonymIndex,
  stemPattern,
  wordAlternatives,
} from './query.ts';
import { joinedRaw, tokensOf } from './terms.ts';

/** Heads shorter than this (`glas`) would reach into every group. */
const HEAD = 8;

interface Entry {
  key: string;
  alternatives: Alternative[];
}

function entryOf(text: string): Entry | undefined {
  const tokens = tokensOf(text);
  const [first] = tokens;
  if (first === undefined) return undefined;
  const raw = tokens.map(joinedRaw).join('');
  const short = (word: string) => [...formsOf(word).surface].length < SHORT;
  if (tokens.length === 1) {
    const pieces = first.pieces.map((piece) => piece.raw);
    return { key: keyOf(raw), alternatives: wordAlternatives(raw, pieces, 'synonym', short(raw)) };
  }
  // several words: all of them, or written as one
  const together: Alternative = {
    kind: 'synonym',
    patterns: tokens.map((token) => stemPattern(keyOf(joinedRaw(token)))),
    edits: 0,
  };
  return { key: keyOf(raw), alternatives: [together, ...wordAlternatives(raw, [], 'synonym', false)] };
}

/** The groups (as the admin wrote them) as an index for one search. */
export function synonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  if (groups.length === 0) return NO_SYNONYMS;
  const entries = groups.map((group) => group.flatMap((text) => entryOf(text) ?? []));
  const keys = new Set(entries.flat().map((entry) => entry.key));
  return {
    has: (key) => keys.has(key),
    expand(key) {
      const found: Alternative[] = [];
      for (const group of entries) {
        const named = group.some((entry) => entry.key === key);
        const headed = [...key].length >= HEAD && group.some((entry) => entry.key.endsWith(key));
        if (!named && !headed) continue;
        // what the word finds itself needs no synonym: its own key, and a compound holding it
        for (const entry of group) if (!entry.key.includes(key)) found.push(...entry.alternatives);
      }
      return found;
    },
  };
}
