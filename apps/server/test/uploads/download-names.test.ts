import type { TBlog, TContentItem, TEvent, TForumPost } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedFileName } from '../../src/platform/http/content-disposition.ts';
import { postInput, savePost as saveBlogPost } from '../blog/blog-helpers.ts';
import { createCategory as createContentCategory } from '../categories/category-helpers.ts';
import { saveContent } from '../content/content-helpers.ts';
import { eventInput, saveEvent } from '../events/event-helpers.ts';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  savePost,
} from '../forums/forum-helpers.ts';
import { fixture, type Upload } from '../helpers/world.ts';
import { createCategory as createMediaCategory, fetchPublic, saveFile } from '../media/media-helpers.ts';

// Issue 30, point 9: a download says what it is. The name an upload is stored and offered under takes the
// extension of the type its content was found to be, loses bidi and control characters, and a PDF outside
// the media library is an attachment, never shown in the browser.

const pdf = (filename: string): Upload => ({
  filename,
  data: fixture('docs/merkblatt.pdf'),
  type: 'text/html',
});
const png = (filename: string): Upload => ({ filename, data: fixture('images/logo.png'), type: 'image/png' });
const csv = (filename: string): Upload => ({ filename, data: Buffer.from('Typ;Wert\nFloat;28 dB\n') });

/** `Content-Disposition` for a name in plain ASCII. */
const disposition = (type: 'inline' | 'attachment', name: string) =>
  `${type}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

let w: ForumWorld;
let mediaCategory: number;
let contentCategory: number;
let threadId: number;
beforeAll(async () => {
  w = await createForumWorld();
  mediaCategory = await createMediaCategory(w, { name: 'Dokumente' });
  contentCategory = await createContentCategory(w, { name: 'Normen' });
  threadId = (await createThread(w, (await createForum(w)).id)).id;
});
afterAll(() => w.close());

/** The names uploaded, each with the name it is stored and offered under. */
const NAMES: [uploaded: string, stored: string][] = [
  ['bericht.html', 'bericht.pdf'],
  ['Rechnung\u202Efdp.exe', 'Rechnungfdp.pdf'],
  ['a\u2066b\u2069c\u200Ed\u200Fe\u202Af\u0085g\u0007h\u061Ci.pdf', 'abcdefghi.pdf'],
  ['Protokoll 2024.03.12', 'Protokoll 2024.03.12.pdf'],
  ['Merkblatt.PDF', 'Merkblatt.PDF'],
  ['\u202E', 'datei.pdf'],
];

describe('the media library', () => {
  it.each(NAMES)('should store a PDF uploaded as %j as %j and offer it so', async (uploaded, stored) => {
    const response = await saveFile(
      w,
      w.as.admin,
      { name: 'Bericht', category: mediaCategory },
      pdf(uploaded),
    );
    expect(response.statusCode).toBe(200);
    const file = response.json<{ originalFilename: string; publicPath: string }>();
    expect(file.originalFilename).toBe(stored);
    const shown = await fetchPublic(w, file.publicPath);
    expect(shown.headers['content-disposition']).toBe(disposition('inline', stored));
  });

  it('should offer a file stored before under the name of its type', async () => {
    const response = await saveFile(w, w.as.admin, { name: 'Alt', category: mediaCategory }, pdf('alt.pdf'));
    const file = response.json<{ id: number; publicPath: string }>();
    await sql`update media_files set original_filename = ${'alt\u202Elmth.html'} where id = ${file.id}`.execute(
      w.t.database.db,
    );
    const shown = await fetchPublic(w, file.publicPath);
    expect(shown.headers['content-disposition']).toBe(disposition('inline', 'altlmth.pdf'));
  });
});

describe('forum attachments', () => {
  it('should store and offer a PDF under the name of its type, as an attachment', async () => {
    const response = await savePost(w, w.as.mitglied, threadId, { content: '<p>Anbei</p>' }, [
      pdf('bericht.html'),
      png('foto.pdf'),
    ]);
    expect(response.statusCode).toBe(200);
    const post = response.json<TForumPost>();
    expect(post.forumPostMedia.map((file) => file.originalFilename)).toEqual(['bericht.pdf', 'foto.png']);

    const [file] = post.forumPostMediaFiles;
    const download = await w.app.inject({ url: file?.filePath ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(disposition('attachment', 'bericht.pdf'));

    const [image] = post.forumPostMediaImages;
    const shown = await w.app.inject({ url: image?.filePath ?? '' });
    expect(shown.headers['content-disposition']).toBe(disposition('inline', 'foto.png'));
  });

  it('should offer an attachment stored before under the name of its type, without bidi characters', async () => {
    const response = await savePost(w, w.as.mitglied, threadId, { content: '<p>Alt</p>' }, [pdf('alt.pdf')]);
    const post = response.json<TForumPost>();
    await sql`update forum_post_media set original_filename = ${'alt\u202Eexe.html'}
      where post_id = ${post.id}`.execute(w.t.database.db);
    const thread = await w.json<{ posts: TForumPost[] }>(
      `/api/forumThread/${threadId}?page=last`,
      w.as.mitglied,
    );
    const file = thread.posts.find((shown) => shown.id === post.id)?.forumPostMediaFiles[0];
    const download = await w.app.inject({ url: file?.filePath ?? '' });
    expect(download.headers['content-disposition']).toBe(disposition('attachment', 'altexe.pdf'));
  });
});

describe('pictures and tables', () => {
  it('should name a blog picture after its type', async () => {
    const response = await saveBlogPost(w, w.as.admin, postInput(w), png('bild.html'));
    expect(response.statusCode).toBe(200);
    expect(response.json<TBlog>().imagePath).toBe('bild.png');
  });

  it('should name an event picture after its type, without control characters', async () => {
    const response = await saveEvent(w, w.as.admin, eventInput(), png('Plakat\u202Egnp.svg'));
    expect(response.statusCode).toBe(200);
    expect(response.json<TEvent>().imagePath).toBe('Plakatgnp.png');
  });

  it('should store a CSV table under a .csv name and offer it as an attachment', async () => {
    const response = await saveContent(
      w,
      w.as.admin,
      { title: 'Tabelle', categories: [contentCategory] },
      csv('werte\u202Eslx.html'),
    );
    expect(response.statusCode).toBe(200);
    const item = response.json<TContentItem>();
    expect(item.csvFile).toBe('werteslx.csv');
    const download = await w.app.inject({ url: item.csvUrl ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(disposition('attachment', 'werteslx.csv'));
  });
});

describe('typedFileName', () => {
  it.each([
    ['Foto.jpeg', '.jpg', 'Foto.jpeg'],
    ['Foto.JPG', '.jpg', 'Foto.JPG'],
    ['scan.tiff', '.jpg', 'scan.jpg'],
    ['archiv.tar.gz', '.pdf', 'archiv.tar.pdf'],
    ['bericht. ', '.pdf', 'bericht.pdf'],
    ['.pdf', '.pdf', 'datei.pdf'],
    ['Zeile\u2028zwei\uFEFF\u200B.pdf', '.pdf', 'Zeilezwei.pdf'],
    [`${'x'.repeat(300)}.html`, '.pdf', `${'x'.repeat(196)}.pdf`],
    [`${'. '.repeat(20_000)}a`, '.pdf', `${'. '.repeat(98)}.pdf`],
  ])('should name %s of type %s %j', (name, extension, expected) => {
    expect(typedFileName(name, extension, 'datei')).toBe(expected);
  });
});
