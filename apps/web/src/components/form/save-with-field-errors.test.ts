import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { saveWithFieldErrors } from './save-with-field-errors';

interface Values {
  name: string;
  tags: string[];
}

describe('saveWithFieldErrors', () => {
  it('should return the saved value and set no errors', async () => {
    const setError = vi.fn();
    const outcome = await saveWithFieldErrors<Values, number>(async () => 7, {
      entity: 'blog',
      fields: ['name', 'tags'],
      setError,
    });
    expect(outcome).toEqual({ ok: true, value: 7 });
    expect(setError).not.toHaveBeenCalled();
  });

  it("should put the server's messages at the form's fields, deeper paths at their field", async () => {
    const setError = vi.fn();
    const onError = vi.fn();
    const error = new ApiError('Ungültige Eingabe.', 400, {
      'blog.name': 'Name ist ein Pflichtfeld.',
      'blog.tags.1': 'Zu lang.',
      'blog.unknown': 'ignoriert',
      'event.name': 'anderes Formular',
    });
    const outcome = await saveWithFieldErrors<Values, number>(() => Promise.reject(error), {
      entity: 'blog',
      fields: ['name', 'tags'],
      setError,
      onError,
    });
    expect(outcome).toEqual({ ok: false });
    expect(setError.mock.calls).toEqual([
      ['name', { message: 'Name ist ein Pflichtfeld.' }],
      ['tags', { message: 'Zu lang.' }],
    ]);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('should report a network failure without field messages', async () => {
    const setError = vi.fn();
    const outcome = await saveWithFieldErrors<Values, number>(
      () => Promise.reject(new TypeError('offline')),
      {
        entity: 'blog',
        fields: ['name'],
        setError,
      },
    );
    expect(outcome).toEqual({ ok: false });
    expect(setError).not.toHaveBeenCalled();
  });
});
