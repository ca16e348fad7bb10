/** Hostile pictures, made in the test instead of stored as fixtures: a few KB each. */
import sharp from 'sharp';
import { pngChunk, pngHeader } from '../helpers/generated-files.ts';
import { fixture } from '../helpers/world.ts';

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
