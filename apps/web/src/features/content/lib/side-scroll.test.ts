import { describe, expect, it } from 'vitest';
import { sideEdges } from './side-scroll';

describe('sideEdges (issue 31)', () => {
  it('should find nothing more on a table that fits', () => {
    expect(sideEdges({ scrollLeft: 0, scrollWidth: 320, clientWidth: 320 })).toEqual({
      left: false,
      right: false,
    });
    expect(sideEdges({ scrollLeft: 0, scrollWidth: 320.6, clientWidth: 320 })).toEqual({
      left: false,
      right: false,
    });
  });

  it('should find more on the right at the start, on both sides between, on the left at the end', () => {
    const box = { scrollWidth: 900, clientWidth: 300 };
    expect(sideEdges({ ...box, scrollLeft: 0 })).toEqual({ left: false, right: true });
    expect(sideEdges({ ...box, scrollLeft: 250 })).toEqual({ left: true, right: true });
    expect(sideEdges({ ...box, scrollLeft: 600 })).toEqual({ left: true, right: false });
  });
});
