import { describe, expect, it } from 'vitest';
import { addAttachments, attachmentType, formatFileSize, removeAttachment } from './attachments';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('attachmentType', () => {
  it('accepts png, jpeg and pdf by mime type', () => {
    expect(attachmentType(file('logo.png', 'image/png'))).toBe('image/png');
    expect(attachmentType(file('foto.JPG', 'image/jpeg'))).toBe('image/jpeg');
    expect(attachmentType(file('merkblatt.pdf', 'application/pdf'))).toBe('application/pdf');
  });

  it('uses the extension only when the system names no type', () => {
    expect(attachmentType(file('merkblatt.PDF', ''))).toBe('application/pdf');
    expect(attachmentType(file('foto.jpeg', ''))).toBe('image/jpeg');
    expect(attachmentType(file('pdf', ''))).toBeNull();
    expect(attachmentType(file('bild.png', 'image/gif'))).toBeNull();
  });

  it('refuses other types', () => {
    expect(attachmentType(file('animiert.gif', 'image/gif'))).toBeNull();
    expect(attachmentType(file('script.svg', 'image/svg+xml'))).toBeNull();
    expect(attachmentType(file('liste.csv', 'text/csv'))).toBeNull();
  });
});

describe('addAttachments', () => {
  it('adds several files at once, in order', () => {
    const chosen = [file('a.png', 'image/png')];
    const result = addAttachments(chosen, [file('b.jpg', 'image/jpeg'), file('c.pdf', 'application/pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.png', 'b.jpg', 'c.pdf']);
    expect(result.errors).toEqual([]);
  });

  it('refuses files of another type with a German message naming them', () => {
    const result = addAttachments([], [file('animiert.gif', 'image/gif'), file('a.png', 'image/png')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual([
      '„animiert.gif“ wurde nicht übernommen. Erlaubt sind Bilder (PNG, JPEG) und PDF-Dateien.',
    ]);
  });

  it('refuses a file over the size limit, naming it, and takes the others', () => {
    const big = file('Aufmaß.pdf', 'application/pdf', 20.5 * 1024 * 1024);
    const result = addAttachments([], [big, file('a.png', 'image/png')], 10, 20);
    expect(result.files.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual([
      '„Aufmaß.pdf“ ist zu groß (20,5 MB). Erlaubt sind höchstens 20 MB je Datei.',
    ]);
  });

  it('takes the same file once', () => {
    const logo = file('logo.png', 'image/png', 5);
    expect(addAttachments([logo], [{ ...logo }]).files).toHaveLength(1);
  });

  it('refuses files beyond the maximum', () => {
    const result = addAttachments(
      [file('1.png', 'image/png')],
      [file('2.png', 'image/png'), file('3.png', 'image/png'), file('4.png', 'image/png')],
      2,
    );
    expect(result.files.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(result.errors).toEqual([
      'Nicht übernommen: "3.png", "4.png". Ein Beitrag darf höchstens 10 Anhänge haben.',
    ]);
  });
});

describe('removeAttachment', () => {
  it('removes the file at an index', () => {
    expect(removeAttachment(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('formatFileSize', () => {
  it('shows KB and MB in German notation', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(350 * 1024)).toBe('350 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });
});
