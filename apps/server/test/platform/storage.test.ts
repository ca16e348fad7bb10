import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/platform/http/errors.ts';
import { createUrlSigner } from '../../src/platform/storage/signed-url.ts';
import { assertKey, newKey } from '../../src/platform/storage/storage.ts';
import { sniffUpload, thumbnail, withoutMetadata } from '../../src/platform/uploads/sniff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test-fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const MESSAGE = 'Erlaubte Dateiformate: JPG, PNG, GIF, PDF';

describe('sniffUpload', () => {
  it.each([
    ['images/logo.png', 'image/png'],
    ['images/foto-exif-gps.jpg', 'image/jpeg'],
    ['images/animiert.gif', 'image/gif'],
    ['docs/merkblatt.pdf', 'application/pdf'],
  ])('should recognise %s by its content', async (name, mimeType) => {
    expect((await sniffUpload(fixture(name), ['png', 'jpeg', 'gif', 'pdf'], MESSAGE)).mimeType).toBe(
      mimeType,
    );
  });

  it.each(['images/fake.png', 'images/script.svg', 'docs/fake.pdf'])(
    'should refuse %s with 415',
    async (name) => {
      const refusal = await sniffUpload(fixture(name), ['png', 'jpeg', 'gif', 'pdf'], MESSAGE).catch(
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 415, message: MESSAGE });
    },
  );

  it('should refuse a real type that is not allowed here', async () => {
    await expect(sniffUpload(fixture('docs/merkblatt.pdf'), ['png', 'jpeg'], MESSAGE)).rejects.toMatchObject({
      statusCode: 415,
    });
  });
});

describe('image processing', () => {
  it('should remove the GPS position and other EXIF data from a photo', async () => {
    const original = fixture('images/foto-exif-gps.jpg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const cleaned = await withoutMetadata(original, 'jpeg');
    const metadata = await sharp(cleaned).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(cleaned.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('should make a smaller JPEG thumbnail', async () => {
    const thumb = await thumbnail(fixture('images/foto-exif-gps.jpg'), 64);
    const metadata = await sharp(thumb).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.width).toBeLessThanOrEqual(64);
  });
});

describe('storage keys', () => {
  it('should refuse keys that leave the storage folder', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', '']) {
      expect(() => assertKey(key)).toThrow();
    }
    expect(() => assertKey(newKey('blog', '.jpg'))).not.toThrow();
  });
});

describe('signed file URLs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should serve a stored file to whoever holds a valid signed URL, without a token', async () => {
    const key = newKey('test', '.png');
    await t.app.storage.put(key, fixture('images/logo.png'));
    const response = await t.app.inject({ url: t.app.signer.sign(key) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(fixture('images/logo.png'))).toBe(true);
  });

  it('should answer 404 for a changed signature, key or expiry', async () => {
    const key = newKey('test', '.png');
    await t.app.storage.put(key, fixture('images/logo.png'));
    const url = new URL(t.app.signer.sign(key), 'http://x');
    const tampered = [
      `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=AAAA${url.searchParams.get('signature')?.slice(4)}`,
      `${url.pathname.replace('.png', '.jpg')}${url.search}`,
      `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${url.searchParams.get('signature')}`,
    ];
    for (const address of tampered) expect((await t.app.inject({ url: address })).statusCode).toBe(404);
  });

  it('should answer 404 for a name added, changed or left out (issue 30)', async () => {
    const key = newKey('test', '.pdf');
    await t.app.storage.put(key, fixture('docs/merkblatt.pdf'));
    const named = new URL(t.app.signer.sign(key, { name: 'Bericht.pdf' }), 'http://x');
    expect((await t.app.inject({ url: `${named.pathname}${named.search}` })).statusCode).toBe(200);
    const unnamed = new URL(t.app.signer.sign(key), 'http://x');
    const tampered = [
      `${named.pathname}${named.search.replace('Bericht.pdf', 'Kuendigung.pdf')}`,
      `${named.pathname}${named.search.replace('&name=Bericht.pdf', '')}`,
      `${unnamed.pathname}${unnamed.search}&name=Kuendigung.pdf`,
    ];
    for (const address of tampered) expect((await t.app.inject({ url: address })).statusCode).toBe(404);
  });

  it('should offer a PDF or CSV as an attachment and show a picture (issue 30)', async () => {
    for (const [extension, data, type] of [
      ['.pdf', fixture('docs/merkblatt.pdf'), 'attachment'],
      ['.csv', Buffer.from('a;b\n'), 'attachment'],
      ['.png', fixture('images/logo.png'), 'inline'],
    ] as const) {
      const key = newKey('test', extension);
      await t.app.storage.put(key, data);
      const response = await t.app.inject({ url: t.app.signer.sign(key) });
      expect(response.headers['content-disposition']).toBe(type);
    }
  });

  it('should refuse an expired URL', () => {
    let now = Date.now();
    const signer = createUrlSigner('secret', () => now);
    const url = new URL(signer.sign('a/b.png', { ttlSeconds: 60 }), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    expect(signer.verify('a/b.png', expires, signature)).toBe(true);
    now = expires * 1000 + 1;
    expect(signer.verify('a/b.png', expires, signature)).toBe(false);
  });
});
