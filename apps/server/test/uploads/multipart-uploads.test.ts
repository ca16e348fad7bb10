import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES, type TMediaFile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/platform/http/errors.ts';
import { readUploadedFile } from '../../src/platform/uploads/multipart-file.ts';
import { storedFiles } from '../content/content-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createCategory, createMediaWorld, type MediaWorld, uploads } from '../media/media-helpers.ts';

// A file part that breaks off (a lost connection, a client that stops sending) is the request's fault: 400
// in German, nothing stored, never our 500.

let w: MediaWorld;
let category = 0;
beforeAll(async () => {
  w = await createMediaWorld();
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
      url: '/api/media/',
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
      url: '/api/media/',
      headers: { ...w.as.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TMediaFile>().mimeType).toBe('application/pdf');
  });
});

describe('readUploadedFile', () => {
  /** A file part whose stream sends `chunks`, then fails with `failure` (if any); `truncated` as busboy marks it. */
  const part = (chunks: Buffer[], failure?: Error, truncated = false) => {
    async function* file() {
      yield* chunks;
      if (failure) throw failure;
    }
    return Object.assign(
      { filename: 'a.pdf', mimetype: 'application/pdf' },
      { file: Object.assign(file(), { truncated }) },
    ) as unknown as MultipartFile & { value?: unknown };
  };

  it('turns a file stream that breaks off into a 400 HttpError, whatever its wording', async () => {
    const refused = readUploadedFile(part([Buffer.from('%PDF-')], new Error('Unexpected end of form')));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, message: MESSAGES.malformedForm });
    await expect(readUploadedFile(part([], new Error('irgendein Lesefehler')))).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('answers a file that busboy cut at the size limit with 413', async () => {
    await expect(readUploadedFile(part([Buffer.alloc(10)], undefined, true))).rejects.toMatchObject({
      statusCode: 413,
      message: MESSAGES.tooLarge,
    });
  });

  it('joins the chunks of a large file into the same bytes', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const file = part(chunks);
    await readUploadedFile(file);
    expect(file.value).toMatchObject({ filename: 'a.pdf', mimetype: 'application/pdf' });
    expect((file.value as { data: Buffer }).data.equals(Buffer.concat(chunks))).toBe(true);
  });
});
