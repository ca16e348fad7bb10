import { PEOPLE_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { photoErrorOf } from './photo-error';

describe('photoErrorOf', () => {
  it("should show the server's message for the photo field", () => {
    const failure = new ApiError('Ungültige Eingabe.', 400, { photo: PEOPLE_MESSAGES.photoRequired });
    expect(photoErrorOf(failure, 'x')).toBe(PEOPLE_MESSAGES.photoRequired);
  });

  it("should show the server's refusal of the file", () => {
    expect(photoErrorOf(new ApiError(PEOPLE_MESSAGES.photoType, 415), 'x')).toBe(PEOPLE_MESSAGES.photoType);
  });

  it('should fall back for what is no answer of the server', () => {
    expect(photoErrorOf(new Error('boom'), 'Nicht gespeichert.')).toBe('Nicht gespeichert.');
  });
});
