import { MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsOf, messageForStatus } from './api-error';

describe('messageForStatus', () => {
  it('says in German that the server has no room left when an answer of 507 brings no detail', () => {
    expect(messageForStatus(507)).toBe(MESSAGES.diskFull);
  });
});

describe('fieldErrorsOf', () => {
  it('returns the messages of one form field, without its prefix', () => {
    const error = new ApiError('Bitte überprüfen Sie Ihre Eingaben.', 400, {
      'contentCategory.name': 'Name ist ein Pflichtfeld.',
      'contentCategory.visibleForUserGroups': 'Sichtbarkeit ist ein Pflichtfeld.',
      csvFile: 'Die Datei muss eine CSV-Datei sein.',
    });
    expect(fieldErrorsOf(error, 'contentCategory')).toEqual([
      ['name', 'Name ist ein Pflichtfeld.'],
      ['visibleForUserGroups', 'Sichtbarkeit ist ein Pflichtfeld.'],
    ]);
  });

  it('returns the messages of a JSON body as they are without a prefix', () => {
    const error = new ApiError('Bitte überprüfen Sie Ihre Eingaben.', 400, {
      digest: 'Die Zusammenfassung muss „never“, „daily“ oder „weekly“ sein.',
    });
    expect(fieldErrorsOf(error, '')).toEqual([
      ['digest', 'Die Zusammenfassung muss „never“, „daily“ oder „weekly“ sein.'],
    ]);
  });

  it('returns nothing for other errors', () => {
    expect(fieldErrorsOf(new Error('kaputt'), 'content')).toEqual([]);
  });
});
