import { EVENTS_API, MEDIA_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createEvent,
  createEventWorld,
  DAY,
  type EventWorld,
  eventInput,
  saveEvent,
  setStatus,
} from '../events/event-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { fixture } from '../helpers/world.ts';
import { createCategory, createFile, saveCategory, saveFile, uploads } from '../media/media-helpers.ts';
import { auditMark, auditSince } from './audit-helpers.ts';

let w: EventWorld;
let admin: number;
beforeAll(async () => {
  w = await createEventWorld();
  admin = await userId(w, 'admin');
});
afterAll(() => w.t.close());

describe('audit of events', () => {
  it('should record a new event with its fields, the description only as changed', async () => {
    const mark = await auditMark(w);
    const event = await createEvent(w, { name: 'Glastage 2026' });
    const [entry, ...others] = await auditSince(w, mark);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin,
      kind: 'event.save',
      subjectType: 'event',
      subjectId: event.id,
      subjectLabel: 'Glastage 2026',
    });
    expect(entry?.changes).toEqual({
      name: { before: null, after: 'Glastage 2026' },
      description: { before: null, after: '…' },
      startAt: { before: null, after: event.start },
      endAt: { before: null, after: event.end },
      location: { before: null, after: 'Messe Düsseldorf, Halle 11' },
      url: { before: null, after: 'https://www.glastage.example/programm' },
      teilnahmeausblenden: { before: null, after: false },
      external: { before: null, after: false },
      waitingList: { before: null, after: false },
      maxGuests: { before: null, after: 0 },
    });
  });

  it('should record only what an update changed', async () => {
    const event = await createEvent(w);
    const mark = await auditMark(w);
    const deadline = at(5 * DAY);
    const response = await saveEvent(
      w,
      w.as.admin,
      eventInput({
        id: event.id,
        name: 'Glastage 2026 (verschoben)',
        start: event.start,
        end: event.end,
        location: 'Messe Essen',
        registrationDeadline: deadline,
        external: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    const [entry, ...others] = await auditSince(w, mark);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin, kind: 'event.save', subjectId: event.id });
    expect(entry?.changes).toEqual({
      name: { before: 'Glastage 2026', after: 'Glastage 2026 (verschoben)' },
      location: { before: 'Messe Düsseldorf, Halle 11', after: 'Messe Essen' },
      registrationDeadline: { before: null, after: deadline },
      external: { before: false, after: true },
    });
  });

  it('should record nothing for a refused event save or deletion', async () => {
    const event = await createEvent(w);
    const mark = await auditMark(w);
    expect((await saveEvent(w, w.as.admin, eventInput({ name: '' }))).statusCode).toBe(400);
    expect((await saveEvent(w, w.as.admin, eventInput({ id: 999_999 }))).statusCode).toBe(404);
    expect((await saveEvent(w, w.as.mitglied, eventInput())).statusCode).toBe(403);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.partner,
    });
    expect(deleted.statusCode).toBe(403);
    expect(await auditSince(w, mark)).toEqual([]);
    // a member's answer is recorded as theirs (issue 35 point 7)
    expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    expect(await auditSince(w, mark)).toMatchObject([
      { kind: 'event.answer', subjectId: event.id, changes: { status: { before: null, after: 'Zugesagt' } } },
    ]);
  });

  it('should record a deletion with the fields the event had', async () => {
    const event = await createEvent(w, { name: 'Abgesagt', external: true });
    const mark = await auditMark(w);
    const response = await w.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    const [entry, ...others] = await auditSince(w, mark);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin,
      kind: 'event.delete',
      subjectType: 'event',
      subjectId: event.id,
      subjectLabel: 'Abgesagt',
    });
    expect(entry?.changes).toMatchObject({
      name: { before: 'Abgesagt', after: null },
      description: { before: '…', after: null },
      startAt: { before: event.start, after: null },
      external: { before: true, after: null },
    });
  });
});

describe('audit of the media library', () => {
  it('should record a new category, a move, and a deletion', async () => {
    const mark = await auditMark(w);
    const parent = await createCategory(w, { name: 'Bilder' });
    const id = await createCategory(w, { name: 'Logos' });
    const created = await auditSince(w, mark);
    expect(created.map((entry) => [entry.actorId, entry.kind, entry.subjectId, entry.subjectLabel])).toEqual([
      [admin, 'mediaCategory.save', parent, 'Bilder'],
      [admin, 'mediaCategory.save', id, 'Logos'],
    ]);
    expect(created[1]?.changes).toEqual({
      name: { before: null, after: 'Logos' },
      position: { before: null, after: 999 },
    });

    const moved = await auditMark(w);
    const response = await saveCategory(w, w.as.admin, { id, name: 'Firmenlogos', parentId: parent });
    expect(response.statusCode).toBe(200);
    const [entry, ...others] = await auditSince(w, moved);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'mediaCategory.save', subjectType: 'mediaCategory', subjectId: id });
    expect(entry?.changes).toEqual({
      name: { before: 'Logos', after: 'Firmenlogos' },
      parent: { before: null, after: 'Bilder' },
    });

    const removed = await auditMark(w);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: MEDIA_API.category(id),
      headers: w.as.admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await auditSince(w, removed)).toEqual([
      expect.objectContaining({
        actorId: admin,
        kind: 'mediaCategory.delete',
        subjectId: id,
        subjectLabel: 'Firmenlogos',
        changes: {
          name: { before: 'Firmenlogos', after: null },
          parent: { before: 'Bilder', after: null },
          position: { before: 999, after: null },
        },
      }),
    ]);
  });

  it('should record each category a dragged tree moved', async () => {
    const top = await createCategory(w, { name: 'Prospekte' });
    const moved = await createCategory(w, { name: 'Messen' });
    const mark = await auditMark(w);
    const response = await w.postMultipart(MEDIA_API.saveTree, w.as.admin, {
      mediaCategories: JSON.stringify([{ id: top, children: [{ id: moved }] }]),
    });
    expect(response.statusCode).toBe(200);
    const entries = (await auditSince(w, mark)).sort((a, b) => Number(a.subjectId) - Number(b.subjectId));
    expect(entries.map((entry) => [entry.actorId, entry.kind, entry.subjectId, entry.changes])).toEqual([
      [admin, 'mediaCategory.save', top, { position: { before: 999, after: 0 } }],
      [
        admin,
        'mediaCategory.save',
        moved,
        { parent: { before: null, after: 'Prospekte' }, position: { before: 999, after: 0 } },
      ],
    ]);
  });

  it('should record a new file, a replacement and a deletion', async () => {
    const category = await createCategory(w, { name: 'Dokumente' });
    const other = await createCategory(w, { name: 'Archiv' });
    const mark = await auditMark(w);
    const file = await createFile(w, category, 'Merkblatt');
    const [created] = await auditSince(w, mark);
    expect(created).toMatchObject({
      actorId: admin,
      kind: 'media.save',
      subjectType: 'media',
      subjectId: file.id,
      subjectLabel: 'Merkblatt',
    });
    expect(created?.changes).toEqual({
      name: { before: null, after: 'Merkblatt' },
      category: { before: null, after: 'Dokumente' },
      file: { before: null, after: 'Merkblatt Glas.pdf' },
      size: { before: null, after: fixture('docs/merkblatt.pdf').length },
    });

    const next = await auditMark(w);
    const replaced = await saveFile(
      w,
      w.as.admin,
      { id: file.id, name: 'Logo', category: other },
      uploads.png(),
    );
    expect(replaced.statusCode).toBe(200);
    const [updated, ...others] = await auditSince(w, next);
    expect(others).toEqual([]);
    expect(updated?.changes).toEqual({
      name: { before: 'Merkblatt', after: 'Logo' },
      category: { before: 'Dokumente', after: 'Archiv' },
      file: { before: 'Merkblatt Glas.pdf', after: 'logo.png' },
      size: { before: fixture('docs/merkblatt.pdf').length, after: expect.any(Number) },
    });

    const last = await auditMark(w);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file(file.id),
      headers: w.as.admin,
    });
    expect(deleted.statusCode).toBe(204);
    const [removed, ...rest] = await auditSince(w, last);
    expect(rest).toEqual([]);
    expect(removed).toMatchObject({
      actorId: admin,
      kind: 'media.delete',
      subjectId: file.id,
      subjectLabel: 'Logo',
    });
    expect(removed?.changes).toMatchObject({
      name: { before: 'Logo', after: null },
      category: { before: 'Archiv', after: null },
      file: { before: 'logo.png', after: null },
    });
  });

  it('should record nothing for a refused media save or deletion', async () => {
    const category = await createCategory(w, { name: 'Voll' });
    await createFile(w, category, 'Bleibt');
    const mark = await auditMark(w);
    expect((await saveFile(w, w.as.admin, { name: '', category }, uploads.pdf())).statusCode).toBe(400);
    expect((await saveFile(w, w.as.admin, { name: 'X', category: 999_999 }, uploads.pdf())).statusCode).toBe(
      400,
    );
    const html = { filename: 'x.pdf', data: '<html></html>', type: 'application/pdf' };
    expect((await saveFile(w, w.as.admin, { name: 'X', category }, html)).statusCode).toBe(415);
    expect((await saveFile(w, w.as.mitglied, { name: 'X', category }, uploads.pdf())).statusCode).toBe(403);
    expect((await saveCategory(w, w.as.admin, { name: '' })).statusCode).toBe(400);
    const full = await w.app.inject({
      method: 'DELETE',
      url: MEDIA_API.category(category),
      headers: w.as.admin,
    });
    expect(full.statusCode).toBe(409);
    expect(await auditSince(w, mark)).toEqual([]);
  });
});
