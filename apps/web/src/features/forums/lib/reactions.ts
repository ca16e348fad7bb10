import { REACTION_KINDS, type TPostReaction, type TReactionKind } from '@portal/contract';

/**
 * The reactions a post shows at once when the member toggles one (issue 37 point 5), before the server's
 * answer replaces them: the member's reaction of `kind` on or off, kinds in the contract's order, kinds
 * nobody chose left out (as the server answers).
 */
export function toggledReactions(
  reactions: readonly TPostReaction[],
  kind: TReactionKind,
  on: boolean,
): TPostReaction[] {
  return REACTION_KINDS.flatMap((each) => {
    const current = reactions.find((reaction) => reaction.kind === each) ?? {
      kind: each,
      count: 0,
      mine: false,
    };
    if (each !== kind || current.mine === on) return current.count > 0 ? [current] : [];
    const count = current.count + (on ? 1 : -1);
    return count > 0 ? [{ kind: each, count, mine: on }] : [];
  });
}

/** Every kind of the fixed set with its count (0 when nobody chose it) and whether it is the member's. */
export function reactionButtons(reactions: readonly TPostReaction[]): TPostReaction[] {
  return REACTION_KINDS.map(
    (kind) => reactions.find((reaction) => reaction.kind === kind) ?? { kind, count: 0, mine: false },
  );
}
