import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Bytes copied between two turns of the event loop. Copying is cheap, but the first write to freshly
 * allocated memory is not (a page fault every 4 KB): joining 15 MB at once holds the loop for 100 ms or more.
 */
const BYTES_PER_TURN = 1024 * 1024;

/** Buffer.concat for large uploads and files: the same bytes, copied a megabyte per turn. */
export async function joinBuffers(parts: readonly Buffer[]): Promise<Buffer> {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  if (total <= BYTES_PER_TURN) return Buffer.concat(parts, total);
  const joined = Buffer.allocUnsafe(total);
  let offset = 0;
  let sinceTurn = 0;
  for (const part of parts) {
    for (let start = 0; start < part.length; start += BYTES_PER_TURN) {
      const piece = part.subarray(start, start + BYTES_PER_TURN);
      piece.copy(joined, offset);
      offset += piece.length;
      sinceTurn += piece.length;
      if (sinceTurn >= BYTES_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  }
  return joined;
}
