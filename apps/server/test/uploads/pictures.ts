/** Hostile pictures, made in the test instead of stored as fixtures: a few KB each. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { fixture } from '../blog/blog-helpers.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** IHDR of a 1-bit greyscale PNG: the smallest pixels there are, so a huge picture stays a small file. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type, compression, filter and interlace stay 0
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header)]);
}

/**
 * A valid, all-black PNG of width × height: 16000 × 16000 is about 30 KB and decodes to 256 megapixels
 * (the review's 746 KB picture took 9 s and 104 MB to accept).
 */
export function decompressionBomb(width: number, height: number): Buffer {
  const scanlines = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG whose header claims width × height over a body that cannot be decoded: refused for its size, it
 * proves the size was read from the header (decoding would have found it broken).
 */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk('IDAT', Buffer.from('kein komprimiertes Bild')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 16 × 16 JPEG whose start-of-frame header is changed to claim width × height. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  for (let at = 2; at + 9 < jpeg.length; ) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame marker in the JPEG');
}

/** The first `share` of a fixture's bytes, as a connection that broke off or a cut-off file sends it. */
export function cutOff(name: string, share = 0.5): Buffer {
  const data = fixture(name);
  return data.subarray(0, Math.floor(data.length * share));
}
