/**
 * The SHA-256 (hex) of a chosen file's bytes, as the server computes it on upload (issue 31: the media
 * library's duplicate check). Null where the browser offers no Web Crypto (an address that is no secure
 * context); each file is read once.
 */
const hashes = new WeakMap<Blob, Promise<string | null>>();

async function digest(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const bytes = new Uint8Array(await subtle.digest('SHA-256', await file.arrayBuffer()));
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    // a file that can no longer be read (removed from the disk meanwhile): no content check for it
    return null;
  }
}

export function sha256Of(file: Blob): Promise<string | null> {
  let hash = hashes.get(file);
  if (!hash) {
    hash = digest(file);
    hashes.set(file, hash);
  }
  return hash;
}
