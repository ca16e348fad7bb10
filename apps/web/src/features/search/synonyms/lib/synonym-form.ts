import { SYNONYM_TERMS_MAX, type TSearchSynonym, type TSearchSynonymInput } from '@portal/contract';

/** A new group starts with two empty terms (the fewest a group has); an existing one with its terms. */
export function synonymFormDefaults(group: TSearchSynonym | undefined): TSearchSynonymInput {
  return { terms: group ? [...group.terms] : ['', ''] };
}

/** The terms with one empty field more at the end, unless the group is full. */
export function withTermAdded(terms: readonly string[]): string[] {
  return terms.length >= SYNONYM_TERMS_MAX ? [...terms] : [...terms, ''];
}

/** The terms without the one at `index`. */
export function withTermRemoved(terms: readonly string[], index: number): string[] {
  return terms.filter((_, place) => place !== index);
}

/** Where the focus goes once the field at `index` is removed: the field that took its place, else the last. */
export function focusAfterRemoval(index: number, remaining: number): number {
  return Math.min(index, remaining - 1);
}

/** The group as a line of text: its label in the list, in questions and in the log. */
export const termsLine = (terms: readonly string[]) => terms.join(', ');

/** The paths a server message may name (`terms.3`, or the list itself), most precise first. */
export const TERM_FIELDS = [
  ...Array.from({ length: SYNONYM_TERMS_MAX }, (_, index) => `terms.${index}` as const),
  'terms' as const,
];
