import { describe, expect, it } from 'vitest';
import {
  type AttachmentEntry,
  addPdfAttachments,
  attachmentFields,
  canMoveAttachment,
  moveAttachment,
} from './circular-attachments';

const pdf = (name: string, size = 1000) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });
const kept = (id: number): AttachmentEntry => ({ kind: 'kept', id, name: `${id}.pdf`, size: 10 });

describe('circular attachments', () => {
  it('takes PDF files and refuses others and oversized ones by name', () => {
    const png = new File(['x'], 'bild.png', { type: 'image/png' });
    const untyped = new File(['x'], 'rundschreiben.PDF', { type: '' });
    const big = pdf('gross.pdf', 2 * 1024 * 1024);
    const result = addPdfAttachments([], [pdf('a.pdf'), png, untyped, big], 1);
    expect(result.entries.map((entry) => entry.name)).toEqual(['a.pdf', 'rundschreiben.PDF']);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toBe(
      '„bild.png“ wurde nicht übernommen. Anhänge eines Rundschreibens müssen PDF-Dateien sein.',
    );
    expect(result.errors[1]).toContain('„gross.pdf“ ist zu groß');
  });

  it('takes the same file once and at most ten in all', () => {
    const a = pdf('a.pdf');
    const once = addPdfAttachments([], [a, a], 20);
    expect(once.entries).toHaveLength(1);
    const full = Array.from({ length: 10 }, (_, index) => kept(index + 1));
    const over = addPdfAttachments(full, [pdf('elf.pdf')], 20);
    expect(over.entries).toHaveLength(10);
    expect(over.errors).toEqual([
      '„elf.pdf“ wurde nicht übernommen. Ein Rundschreiben darf höchstens 10 Anhänge haben.',
    ]);
  });

  it('moves within its own kind only, as the server keeps the kept files first', () => {
    const entries = [kept(1), kept(2), ...addPdfAttachments([], [pdf('n.pdf'), pdf('m.pdf')], 20).entries];
    expect(canMoveAttachment(entries, 0, -1)).toBe(false);
    expect(canMoveAttachment(entries, 1, 1)).toBe(false);
    expect(moveAttachment(entries, 1, 1)).toEqual(entries);
    expect(moveAttachment(entries, 1, -1).map((entry) => entry.name)).toEqual([
      '2.pdf',
      '1.pdf',
      'n.pdf',
      'm.pdf',
    ]);
    expect(moveAttachment(entries, 3, -1).map((entry) => entry.name)).toEqual([
      '1.pdf',
      '2.pdf',
      'm.pdf',
      'n.pdf',
    ]);
  });

  it('names the kept ids in order and the new files attachments[0], attachments[1]', () => {
    const entries = [kept(7), kept(3), ...addPdfAttachments([], [pdf('n.pdf'), pdf('m.pdf')], 20).entries];
    const fields = attachmentFields(entries);
    expect(fields.keep).toEqual([7, 3]);
    expect(Object.entries(fields.files).map(([key, file]) => [key, file.name])).toEqual([
      ['attachments[0]', 'n.pdf'],
      ['attachments[1]', 'm.pdf'],
    ]);
  });
});
