import { describe, expect, it } from 'vitest';
import { positiveId } from './route-ids';

describe('forum route ids', () => {
  it('turns a malformed id into 0', () => {
    expect(positiveId('12')).toBe(12);
    for (const raw of [undefined, '', 'x', '-1', '1.5']) expect(positiveId(raw)).toBe(0);
  });
});
