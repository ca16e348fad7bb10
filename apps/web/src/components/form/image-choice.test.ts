import { describe, expect, it } from 'vitest';
import { isAllowedImage, withImageChoice } from './image-choice';

describe('isAllowedImage', () => {
  it('should accept PNG and JPEG only, by type or else by name', () => {
    expect(isAllowedImage({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAllowedImage({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isAllowedImage({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAllowedImage({ type: 'image/svg+xml', name: 'a.svg' })).toBe(false);
    expect(isAllowedImage({ type: '', name: 'foto.JPEG' })).toBe(true);
    expect(isAllowedImage({ type: '', name: 'foto.pdf' })).toBe(false);
  });
});

describe('withImageChoice', () => {
  const file = new File(['x'], 'a.png', { type: 'image/png' });

  it('should ask to remove the picture only when no new file is chosen', () => {
    expect(withImageChoice({ name: 'A' }, { file: null, remove: true })).toEqual({ name: 'A', image: null });
    expect(withImageChoice({ name: 'A' }, { file, remove: true })).toEqual({ name: 'A' });
    expect(withImageChoice({ name: 'A' }, { file: null, remove: false })).toEqual({ name: 'A' });
  });
});
