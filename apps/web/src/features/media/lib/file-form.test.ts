import { readFileSync } from 'node:fs';
import { MEDIA_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  fileErrorOf,
  isAcceptedMediaFile,
  MEDIA_ACCEPT_ATTRIBUTE,
  nameForChosenFile,
  ZMediaFileForm,
} from './file-form';

/** The shared auto-name cases (SPEC §5), also checked by the server's tests. */
const fixture = JSON.parse(
  readFileSync(new URL('../../../../../../test-fixtures/autoname-cases.json', import.meta.url), 'utf8'),
) as { cases: { file: string; name: string }[] };

describe('nameForChosenFile (SPEC §5 auto-name)', () => {
  it('has cases to check', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(6);
  });

  it.each(fixture.cases)('names "$file" "$name" while the name is empty', ({ file, name }) => {
    expect(nameForChosenFile('', { name: file })).toBe(name);
  });

  it('reads a decomposed file name (as macOS gives it) like the composed one', () => {
    expect(nameForChosenFile('', { name: 'Cafe\u0301 Mu\u0308ller.png' })).toBe('Cafe Mueller.png');
  });

  it('treats a name of only blanks as empty', () => {
    expect(nameForChosenFile('   ', { name: 'Straße.pdf' })).toBe('Strasse.pdf');
  });

  it('keeps a name the user has already given', () => {
    expect(nameForChosenFile('Mein Name', { name: 'Übersicht.pdf' })).toBeNull();
    expect(nameForChosenFile('Übersicht.pdf', { name: 'Andere Datei.pdf' })).toBeNull();
  });

  it('leaves the name alone when the file is removed again', () => {
    expect(nameForChosenFile('', null)).toBeNull();
  });
});

describe('isAcceptedMediaFile', () => {
  it('accepts JPG, PNG, GIF and PDF by type', () => {
    expect(MEDIA_ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png,image/gif,application/pdf');
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'application/pdf']) {
      expect(isAcceptedMediaFile({ name: 'x', type })).toBe(true);
    }
  });

  it('refuses other types, SVG included', () => {
    expect(isAcceptedMediaFile({ name: 'bild.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedMediaFile({ name: 'text.txt', type: 'text/plain' })).toBe(false);
  });

  it('decides by the name when the system gives no type', () => {
    expect(isAcceptedMediaFile({ name: 'SCAN.PDF', type: '' })).toBe(true);
    expect(isAcceptedMediaFile({ name: 'foto.jpeg', type: '' })).toBe(true);
    expect(isAcceptedMediaFile({ name: 'tabelle.xlsx', type: '' })).toBe(false);
  });
});

describe('ZMediaFileForm', () => {
  const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });

  function messages(input: unknown): Record<string, string> {
    const result = ZMediaFileForm.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('needs a name, a category and, for a new file, the file', () => {
    expect(messages({ name: ' ', category: 3, file: null })).toEqual({
      name: MEDIA_MESSAGES.nameRequired,
      file: MEDIA_MESSAGES.fileRequired,
    });
    expect(messages({ name: 'A', category: '', file: pdf })).toEqual({
      category: MEDIA_MESSAGES.categoryRequired,
    });
  });

  it('lets an edit keep its file', () => {
    expect(messages({ id: 4, name: 'A', category: 3, file: null })).toEqual({});
  });

  it('refuses a file of another type with the SPEC hint', () => {
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    expect(messages({ name: 'A', category: 3, file: svg })).toEqual({ file: MEDIA_MESSAGES.fileType });
  });

  it('gives the values to send', () => {
    expect(ZMediaFileForm.parse({ name: ' Plan.pdf ', category: '3', file: pdf })).toEqual({
      name: 'Plan.pdf',
      category: 3,
      file: pdf,
    });
  });

  it('refuses a file over the size limit of the server (20 MB by default) before it is sent', () => {
    const large = new File([new ArrayBuffer(20.5 * 1024 * 1024)], 'Katalog.pdf', {
      type: 'application/pdf',
    });
    expect(messages({ name: 'Katalog', category: 3, file: large })).toEqual({
      file: '„Katalog.pdf“ ist zu groß (20,5 MB). Erlaubt sind höchstens 20 MB je Datei.',
    });
  });
});

describe('fileErrorOf', () => {
  it('finds the file part of a refused save', () => {
    expect(fileErrorOf(new ApiError('x', 400, { file: MEDIA_MESSAGES.fileRequired }))).toBe(
      MEDIA_MESSAGES.fileRequired,
    );
    expect(fileErrorOf(new ApiError(MEDIA_MESSAGES.fileType, 415))).toBe(MEDIA_MESSAGES.fileType);
    expect(fileErrorOf(new ApiError(MEDIA_MESSAGES.fileTooLarge, 413))).toBe(MEDIA_MESSAGES.fileTooLarge);
    expect(fileErrorOf(new ApiError('Name fehlt', 400, { 'media.name': 'Name fehlt' }))).toBeNull();
    expect(fileErrorOf(new Error('x'))).toBeNull();
  });
});
