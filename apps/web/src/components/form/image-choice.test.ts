import { describe, expect, it } from 'vitest';
import { imageChoiceError, isAllowedImage, withImageChoice } from './image-choice';

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

describe('imageChoiceError', () => {
  const MB = 1024 * 1024;

  it('should refuse another type or a picture over the limit when it is chosen', () => {
    const typeMessage = 'Das Bild muss eine PNG- oder JPEG-Datei sein.';
    expect(imageChoiceError({ type: 'image/png', name: 'a.png', size: MB }, typeMessage, 20)).toBeNull();
    expect(imageChoiceError({ type: 'image/gif', name: 'a.gif', size: MB }, typeMessage, 20)).toBe(
      typeMessage,
    );
    expect(imageChoiceError({ type: 'image/jpeg', name: 'groß.jpg', size: 21 * MB }, typeMessage, 20)).toBe(
      '„groß.jpg“ ist zu groß (21 MB). Erlaubt sind höchstens 20 MB je Datei.',
    );
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
