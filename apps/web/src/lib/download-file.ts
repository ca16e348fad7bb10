import type { Download } from './api-client';
import { api } from './portal';

/** Hands a downloaded file to the browser as a saved file. */
function saveDownload({ blob, fileName }: Download, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file through the API client, so the request carries the Authorization header (SPEC §7
 * "GET /mediaLibrary/{path}"); a failure shows the red banner. The client refuses a path that the browser
 * would resolve elsewhere (`/mediaLibrary/%2e%2e/api/…`) without sending anything.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  try {
    saveDownload(await api.download(path), fallbackName);
  } catch {
    // The API client has shown the error.
  }
}
