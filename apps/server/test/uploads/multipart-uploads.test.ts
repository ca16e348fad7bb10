import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { MEDIA_API, MESSAGES, type TMediaFile } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/platform/http/errors.ts';
import { HEAD_BYTES, type ReceivedUpload } from '../../src/platform/uploads/multipart-file.ts';
import { createUploadReceiver } from '../../src/platform/uploads/upload-receiver.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createWorld, storedFiles, type World } from '../helpers/world.ts';
import { createCategory, uploads } from '../media/media-helpers.ts';

// A file part that breaks off (a lost connection, a client that stops sending) is the request's fault: 400
// in German, nothing stored, never our 500.

let w: World;
let category = 0;
beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Uploads' });
});
afterAll(() => w.t.close());

async function mediaBody() {
  const media = JSON.stringify({ name: 'Merkblatt', category });
  return multipartBody({ media, file: uploads.pdf() });
}

describe('a multipart upload cut off inside the file', () => {
  it.each([
    ['in the middle of the file', 0.5],
    ['right after the file part began', 0.02],
    ['just before the closing boundary', 0.999],
  ])('refuses a body cut off %s with 400 and stores nothing', async (_where, share) => {
    const body = await mediaBody();
    const before = storedFiles(w.t);
    const response = await w.t.app.inject({
      method: 'POST',
      url: MEDIA_API.files,
      headers: { ...w.as.admin, ...body.headers },
      payload: body.payload.subarray(0, Math.floor(body.payload.length * share)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.malformedForm });
    expect(storedFiles(w.t)).toEqual(before);
  });

  it('still accepts the same body whole', async () => {
    const body = await mediaBody();
    const response = await w.t.app.inject({
      method: 'POST',
      url: MEDIA_API.files,
      headers: { ...w.as.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TMediaFile>().mimeType).toBe('application/pdf');
  });
});

describe('the upload receiver', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-receiver-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** A file part whose stream sends `chunks`, then fails with `failure` (if any); `truncated` as busboy marks it. */
  const part = (chunks: Buffer[], failure?: Error, truncated = false) => {
    const file = Readable.from(
      (async function* () {
        yield* chunks;
        if (failure) throw failure;
      })(),
    );
    return Object.assign(
      { filename: 'a.pdf', mimetype: 'application/pdf' },
      { file: Object.assign(file, { truncated }) },
    ) as unknown as MultipartFile & { value?: unknown };
  };
  /** onFile as @fastify/multipart calls it, for one request of its own. */
  const receive = (file: MultipartFile) => createUploadReceiver(root).onFile.call({} as FastifyRequest, file);

  it('turns a file stream that breaks off into a 400 HttpError, whatever its wording', async () => {
    const refused = receive(part([Buffer.from('%PDF-')], new Error('Unexpected end of form')));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, message: MESSAGES.malformedForm });
    await expect(receive(part([], new Error('irgendein Lesefehler')))).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('answers a file that busboy cut at the size limit with 413', async () => {
    await expect(receive(part([Buffer.alloc(10)], undefined, true))).rejects.toMatchObject({
      statusCode: 413,
      message: MESSAGES.tooLarge,
    });
  });

  it('writes a large file to a temp file with the same bytes, its size and its first bytes', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const file = part(chunks);
    await receive(file);
    const upload = file.value as ReceivedUpload;
    expect(upload).toMatchObject({ filename: 'a.pdf', mimetype: 'application/pdf', size: 40 * 64 * 1024 });
    expect(upload.path.startsWith(root)).toBe(true);
    expect((await readFile(upload.path)).equals(Buffer.concat(chunks))).toBe(true);
    expect(upload.head.equals(Buffer.concat(chunks).subarray(0, HEAD_BYTES))).toBe(true);
  });
});

describe('temp files of uploads', () => {
  let small: World;
  let smallCategory = 0;
  beforeAll(async () => {
    small = await createWorld({ env: { UPLOAD_LIMIT_MB: '1' } });
    smallCategory = await createCategory(small, { name: 'Klein' });
  });
  afterAll(() => small.t.close());

  const tempRoot = (world: World) => path.join(world.t.config.dataDir, 'tmp', 'uploads');
  const tempEntries = (world: World) =>
    existsSync(tempRoot(world)) ? readdirSync(tempRoot(world), { recursive: true }) : [];
  /** A PDF of `bytes` bytes: its header, then filler. */
  const bigPdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)]);

  it('stores a large file from its temp file byte for byte and removes the temp file', async () => {
    const data = bigPdf(3 * 1024 * 1024);
    const body = await multipartBody({
      media: JSON.stringify({ name: 'Groß', category }),
      file: { filename: 'gross.pdf', data, type: 'application/pdf' },
    });
    const response = await w.t.app.inject({
      method: 'POST',
      url: MEDIA_API.files,
      headers: { ...w.as.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const served = await w.t.app.inject({ url: response.json<TMediaFile>().publicPath });
    expect(served.rawPayload.equals(data)).toBe(true);
    await vi.waitFor(() => expect(tempEntries(w)).toEqual([]));
  });

  it('answers an upload over the limit with 413 and leaves no temp file', async () => {
    const body = await multipartBody({
      media: JSON.stringify({ name: 'Zu groß', category: smallCategory }),
      file: { filename: 'zu-gross.pdf', data: bigPdf(2 * 1024 * 1024), type: 'application/pdf' },
    });
    const before = storedFiles(small.t);
    const response = await small.t.app.inject({
      method: 'POST',
      url: MEDIA_API.files,
      headers: { ...small.as.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.tooLarge });
    expect(storedFiles(small.t)).toEqual(before);
    await vi.waitFor(() => expect(tempEntries(small)).toEqual([]));
  });

  it('leaves no temp file when the client breaks off in the middle of the file', async () => {
    const body = await multipartBody({
      media: JSON.stringify({ name: 'Abgebrochen', category }),
      file: { filename: 'abgebrochen.pdf', data: bigPdf(4 * 1024 * 1024), type: 'application/pdf' },
    });
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const head = [
      'POST /api/media/ HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: ${w.as.admin.authorization ?? ''}`,
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    // The file is arriving in its temp file: now the client goes away.
    await vi.waitFor(() => expect(tempEntries(w).length).toBeGreaterThan(0), { timeout: 10_000 });
    socket.destroy();
    await vi.waitFor(() => expect(tempEntries(w)).toEqual([]), { timeout: 10_000 });
    expect(
      await w.t.database.db.selectFrom('mediaFiles').select('id').where('name', '=', 'Abgebrochen').execute(),
    ).toEqual([]);
  });
});
