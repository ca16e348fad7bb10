import { describe, expect, it } from 'vitest';
import { reactionButtons, toggledReactions } from './reactions';

describe('toggledReactions', () => {
  it('should add the member to a kind, in the order of the set', () => {
    expect(toggledReactions([{ kind: 'idea', count: 2, mine: false }], 'helpful', true)).toEqual([
      { kind: 'helpful', count: 1, mine: true },
      { kind: 'idea', count: 2, mine: false },
    ]);
  });

  it('should take the member off and drop a kind nobody chose any more', () => {
    expect(
      toggledReactions(
        [
          { kind: 'thanks', count: 1, mine: true },
          { kind: 'agree', count: 3, mine: true },
        ],
        'thanks',
        false,
      ),
    ).toEqual([{ kind: 'agree', count: 3, mine: true }]);
  });

  it('should change nothing when the reaction is already as asked', () => {
    const reactions = [{ kind: 'thanks' as const, count: 2, mine: true }];
    expect(toggledReactions(reactions, 'thanks', true)).toEqual(reactions);
    expect(toggledReactions([], 'thanks', false)).toEqual([]);
  });
});

describe('reactionButtons', () => {
  it('should offer every kind of the set, with 0 for those nobody chose', () => {
    expect(reactionButtons([{ kind: 'agree', count: 2, mine: true }])).toEqual([
      { kind: 'helpful', count: 0, mine: false },
      { kind: 'thanks', count: 0, mine: false },
      { kind: 'agree', count: 2, mine: true },
      { kind: 'idea', count: 0, mine: false },
    ]);
  });
});
