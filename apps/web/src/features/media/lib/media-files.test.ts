import type { TMediaFile } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  filesOfPages,
  type MediaFilesPage,
  mediaKind,
  removeFromPages,
  type TMediaFileResponse,
  toFilesPage,
  upsertInPages,
  ZMediaFileResponse,
} from './media-files';

function file(id: number, name: string, overrides: Partial<TMediaFile> = {}): TMediaFile {
  return {
    id,
    name,
    category: 1,
    originalFilename: name,
    url: `http://localhost/media-files/token${id}`,
    publicPath: `/media-files/token${id}`,
    mimeType: 'application/pdf',
    size: 1000,
    ...overrides,
  };
}

const names = (files: readonly TMediaFile[]) => files.map((entry) => entry.name);

/** the list of one answer, as the panel shows it */
const toFileList = (response: TMediaFileResponse) => filesOfPages([toFilesPage(response, 50)]);

describe('ZMediaFileResponse and filesOfPages', () => {
  it('reads an empty object and an empty array as no files', () => {
    expect(toFileList(ZMediaFileResponse.parse({}))).toEqual([]);
    expect(toFileList(ZMediaFileResponse.parse([]))).toEqual([]);
  });

  it('turns the files keyed by id into a list sorted by name', () => {
    const response = ZMediaFileResponse.parse({
      '7': file(7, 'Zeitplan.pdf'),
      '3': file(3, 'Anmeldung.pdf'),
      '12': file(12, 'Merkblatt.pdf'),
    });
    expect(names(toFileList(response))).toEqual(['Anmeldung.pdf', 'Merkblatt.pdf', 'Zeitplan.pdf']);
  });

  it('sorts as a German reader expects: umlauts with their letter, case ignored, numbers by value', () => {
    const list = toFileList([
      file(1, 'Zubehör.pdf'),
      file(2, 'Übersicht.pdf'),
      file(3, 'ablauf.pdf'),
      file(4, 'Protokoll 10.pdf'),
      file(5, 'Protokoll 2.pdf'),
      file(6, 'Ölfilter.png'),
    ]);
    expect(names(list)).toEqual([
      'ablauf.pdf',
      'Ölfilter.png',
      'Protokoll 2.pdf',
      'Protokoll 10.pdf',
      'Übersicht.pdf',
      'Zubehör.pdf',
    ]);
  });

  it('keeps files of the same name in the order of their ids', () => {
    expect(toFileList([file(9, 'Foto.jpg'), file(4, 'foto.jpg')]).map((entry) => entry.id)).toEqual([4, 9]);
  });

  it('refuses an answer that is not a file list', () => {
    expect(ZMediaFileResponse.safeParse({ '1': { id: 1 } }).success).toBe(false);
    expect(ZMediaFileResponse.safeParse('nichts').success).toBe(false);
  });
});

describe('toFilesPage', () => {
  it('has no next page after a short page', () => {
    expect(toFilesPage({ '1': file(1, 'A.pdf') }, 2).next).toBeNull();
  });

  it('goes on after the last file in the order of the server, by code points then id', () => {
    const files = [file(1, 'Zubehör.pdf'), file(2, 'Übersicht.pdf'), file(3, 'ablauf.pdf')];
    expect(toFilesPage(files, 3).next).toBe('2:Übersicht.pdf');
    expect(toFilesPage([file(9, 'A.pdf'), file(4, 'A.pdf')], 2).next).toBe('9:A.pdf');
  });
});

describe('filesOfPages', () => {
  it('shows a file that two pages hold once, all in German order', () => {
    const pages: MediaFilesPage[] = [
      { files: [file(1, 'B.pdf'), file(2, 'a.pdf')], next: '1:B.pdf' },
      { files: [file(2, 'a.pdf'), file(3, 'Ä.pdf')], next: null },
    ];
    expect(names(filesOfPages(pages))).toEqual(['a.pdf', 'Ä.pdf', 'B.pdf']);
  });
});

describe('upsertInPages and removeFromPages', () => {
  const all: MediaFilesPage[] = [{ files: [file(1, 'A.pdf'), file(2, 'C.pdf')], next: null }];
  const first: MediaFilesPage[] = [{ files: [file(1, 'A.pdf'), file(2, 'C.pdf')], next: '2:C.pdf' }];

  it('adds a new file at its place by name', () => {
    expect(names(filesOfPages(upsertInPages(all, file(3, 'B.pdf'))))).toEqual(['A.pdf', 'B.pdf', 'C.pdf']);
    expect(names(filesOfPages(upsertInPages(all, file(3, 'D.pdf'))))).toEqual(['A.pdf', 'C.pdf', 'D.pdf']);
  });

  it('leaves a new file past the loaded pages to the page that brings it', () => {
    expect(names(filesOfPages(upsertInPages(first, file(3, 'B.pdf'))))).toEqual(['A.pdf', 'B.pdf', 'C.pdf']);
    expect(names(filesOfPages(upsertInPages(first, file(3, 'D.pdf'))))).toEqual(['A.pdf', 'C.pdf']);
  });

  it('replaces a saved file and moves it when its name changed', () => {
    const next = filesOfPages(upsertInPages(all, file(1, 'D.pdf')));
    expect(names(next)).toEqual(['C.pdf', 'D.pdf']);
    // renamed past the loaded pages: the next page brings it
    expect(names(filesOfPages(upsertInPages(first, file(1, 'D.pdf'))))).toEqual(['C.pdf']);
  });

  it('removes a deleted file, keeps the cursor and leaves the input untouched', () => {
    const next = removeFromPages(first, 2);
    expect(names(filesOfPages(next))).toEqual(['A.pdf']);
    expect(next[0]?.next).toBe('2:C.pdf');
    expect(first[0]?.files).toHaveLength(2);
  });
});

describe('mediaKind', () => {
  it('tells images, PDFs and other files apart by mime type', () => {
    expect(mediaKind('image/jpeg')).toBe('image');
    expect(mediaKind('image/png')).toBe('image');
    expect(mediaKind('image/gif')).toBe('image');
    expect(mediaKind('application/pdf')).toBe('pdf');
    expect(mediaKind('Application/PDF')).toBe('pdf');
    expect(mediaKind('application/octet-stream')).toBe('other');
    expect(mediaKind('')).toBe('other');
  });
});
