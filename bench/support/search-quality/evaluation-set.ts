/**
 * The queries and judgments of the search-quality bench (queries.txt, judgments.txt beside this module),
 * checked against the corpus: every judged key names a document, every query is judged and has a category.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Judgments } from './metrics.ts';

export const CATEGORIES = [
  'compound',
  'inflection',
  'typo',
  'abbreviation',
  'variant',
  'number',
  'several',
  'prefix',
  'common',
] as const;
type Category = (typeof CATEGORIES)[number];

export interface EvaluationQuery {
  key: string;
  category: Category;
  q: string;
  judged: Judgments;
}

function lines(file: string): string[] {
  return readFileSync(path.join(import.meta.dirname, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export function readEvaluationSet(documentKeys: ReadonlySet<string>): EvaluationQuery[] {
  const judgments = new Map(
    lines('judgments.txt').map((line) => {
      const [key = '', ...grades] = line.split(' ');
      const judged = new Map(
        grades.map((pair) => {
          const [doc = '', grade] = pair.split(':');
          if (!documentKeys.has(doc)) throw new Error(`judgments of ${key}: no document ${doc}`);
          return [doc, Number(grade)];
        }),
      );
      return [key, judged];
    }),
  );
  return lines('queries.txt').map((line) => {
    const [key = '', category = '', q = ''] = line.split('|').map((part) => part.trim());
    const judged = judgments.get(key);
    if (!isCategory(category)) throw new Error(`query ${key}: unknown category ${category}`);
    if (!judged) throw new Error(`query ${key} is not judged`);
    return { key, category, q, judged };
  });
}
