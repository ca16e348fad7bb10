/**
 * Large and hostile files made on the spot instead of stored as fixtures, for the API tests and the benches
 * (bench/heavy-upload.ts) alike. Only node:zlib here, so a bench can import it without the test world.
 */
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Signature and IHDR of a 1-bit greyscale PNG: the smallest pixels there are, so a huge picture stays a small file. */
export function pngHeader(width: number, height: number): Buffer {
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
 * `rows` × 12 like a German price list export (100,000 rows: about 13 MB): `;`, decimal commas, umlauts,
 * quoted delimiters, a link column. `needle` puts a text of its own into one row's second column.
 */
export function priceListCsv(rows: number, needle?: { row: number; text: string }): Buffer {
  const lines = [Array.from({ length: 12 }, (_, c) => `Spalte ${c + 1}`).join(';')];
  for (let i = 0; i < rows; i += 1) {
    lines.push(
      [
        `FG-${i}`,
        i === needle?.row ? needle.text : `Wärmeschutzglas Typ ${i % 97}`,
        `${i % 40}`,
        `${(i % 60) / 10}`.replace('.', ','),
        `${i},50`,
        'Standardware',
        'Lager Süd',
        `${i % 12}`,
        'Floatglas',
        '"Hinweis; mit Trenner"',
        `[Datenblatt](/mediaLibrary/fg-${i}.pdf)`,
        `${2020 + (i % 7)}`,
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
