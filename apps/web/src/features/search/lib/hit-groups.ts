import { SEARCH_TYPES, type TSearchHit, type TSearchResult, type TSearchType } from '@portal/contract';

/** The types a member gets chips for: those with hits and the one chosen; the media library only for admins. */
export function shownTypes(
  counts: TSearchResult['counts'],
  active: TSearchType | null,
  isAdmin: boolean,
): TSearchType[] {
  return SEARCH_TYPES.filter(
    (type) => (type !== 'media' || isAdmin) && (counts[type] > 0 || type === active),
  );
}

export interface HitGroup {
  type: TSearchType;
  hits: TSearchHit[];
}

/** One page of hits grouped by type; the group with the best hit comes first, each keeps the server's order. */
export function groupHits(hits: readonly TSearchHit[]): HitGroup[] {
  const groups = new Map<TSearchType, TSearchHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.type);
    if (group) group.push(hit);
    else groups.set(hit.type, [hit]);
  }
  return [...groups].map(([type, grouped]) => ({ type, hits: grouped }));
}

export interface HitParts {
  /** the hits that hold every word of the query */
  complete: TSearchHit[];
  /** those that hold only some (issue 33 point 5), shown after a heading of their own */
  partial: TSearchHit[];
}

/** One page of hits split into those with every word and those without, each in the server's order. */
export function splitPartial(hits: readonly TSearchHit[]): HitParts {
  return {
    complete: hits.filter((hit) => hit.partial !== true),
    partial: hits.filter((hit) => hit.partial === true),
  };
}
