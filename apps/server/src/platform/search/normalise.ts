/**
 * One word as the search reads it (issue 33 point 2): lower case, ß → ss, accents off but umlauts kept,
 * written-out umlauts (ae, oe, ue) read as umlauts as Snowball's "german2" variant reads them, then stemmed by
 * the Snowball German stemmer, which also turns umlauts into plain vowels. So `Gläser`, `Glaeser` and `Glas`
 * meet on `glas`, and `Wärmedämmglas` and `Waermedaemmglas` on `warmedammglas`. Each normalised character
 * keeps the range of the original it came from: snippets mark the original text.
 */
import { stemmer } from '@orama/stemmers/german';
import { fold } from './fold.ts';

export interface Normalised {
  /** lower case, umlauts as ä ö ü (written-out ones too), other accents off */
  text: string;
  /** per character of `text`: where in the original its source starts and ends (UTF-16 offsets) */
  start: number[];
  end: number[];
}

const UMLAUT: Record<string, string> = { a: 'ä', o: 'ö', u: 'ü' };
const PLAIN: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u' };
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'ä', 'ö', 'ü']);
const DIAERESIS = 0x308;

const charCache = new Map<string, string>();

/** One character: lower case, umlauts kept, everything else folded as fold.ts folds it (ß → ss, é → e). */
function foldChar(char: string): string {
  const known = charCache.get(char);
  if (known !== undefined) return known;
  const lower = char.toLowerCase();
  const folded = lower === 'ä' || lower === 'ö' || lower === 'ü' ? lower : fold(lower);
  if (charCache.size < 10_000) charCache.set(char, folded);
  return folded;
}

/**
 * Written-out umlauts read as umlauts (Snowball german2): `ae`, `oe`, `ue` become ä, ö, ü, except a `u` after
 * `q` and a `u` between vowels, which the stemmer takes for a consonant (`Feuer`, `Bauer`, `Quelle` stay).
 */
function readUmlauts(word: Normalised): Normalised {
  const { text, start, end } = word;
  if (!/[aou]e/.test(text)) return word;
  const out: Normalised = { text: '', start: [], end: [] };
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    const next = text.charAt(i + 1);
    const previous = text.charAt(i - 1);
    const consonantU = char === 'u' && (previous === 'q' || (VOWELS.has(previous) && VOWELS.has(next)));
    const umlaut = next === 'e' && !consonantU ? UMLAUT[char] : undefined;
    out.text += umlaut ?? char;
    out.start.push(start[i] ?? 0);
    out.end.push((umlaut ? end[i + 1] : end[i]) ?? 0);
    if (umlaut) i++;
  }
  return out;
}

/** A word (letters and digits, no spaces) normalised, with the way back to the original's positions. */
export function normaliseMapped(word: string): Normalised {
  const out: Normalised = { text: '', start: [], end: [] };
  for (let at = 0; at < word.length; ) {
    const point = word.codePointAt(at) ?? 0;
    const char = String.fromCodePoint(point);
    const last = out.text.length - 1;
    const base = UMLAUT[out.text.charAt(last)];
    if (point === DIAERESIS && base !== undefined) {
      out.text = out.text.slice(0, last) + base;
      out.end[last] = at + char.length;
    } else {
      for (const part of foldChar(char)) {
        out.text += part;
        out.start.push(at);
        out.end.push(at + char.length);
      }
    }
    at += char.length;
  }
  return readUmlauts(out);
}

/** Umlauts as plain vowels: the alphabet of the stems (the stemmer's last step does the same). */
export const plain = (text: string): string => text.replace(/[äöü]/g, (char) => PLAIN[char] ?? char);

/** Words shorter than this are not stemmed (and match whole words or word starts only, issue 33 point 3). */
export const SHORT = 4;

export interface WordForms {
  /** the word as written, normalised, umlauts as plain vowels: `glaser` for `Gläser` */
  surface: string;
  /**
   * its stem (`glas`); the surface itself where the stemmer leaves it, the word has digits or is short, or the
   * stem would be short
   */
  stem: string;
}

const formCache = new Map<string, WordForms>();
const FORM_CACHE_SIZE = 50_000;

/** A word's surface and stem; a word is letters or digits only, as terms.ts splits a text. */
export function formsOf(word: string): WordForms {
  // lower-case ASCII with digits: nothing to fold, read or stem (a table's article numbers, most unique)
  if (/^[a-z0-9]+$/.test(word) && /\d/.test(word) && !/[aou]e/.test(word))
    return { surface: word, stem: word };
  const known = formCache.get(word);
  if (known !== undefined) return known;
  const normalised = normaliseMapped(word).text;
  const surface = plain(normalised);
  const letters = !/\d/.test(normalised) && [...normalised].length >= SHORT;
  const stemmed = letters ? stemmer(normalised) : surface;
  // a stem shorter than a long word would be taken for an abbreviation (`gegen` → `geg`, `GEG`)
  const forms = { surface, stem: [...stemmed].length >= SHORT ? stemmed : surface };
  if (formCache.size >= FORM_CACHE_SIZE) formCache.clear();
  formCache.set(word, forms);
  return forms;
}
