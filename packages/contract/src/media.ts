/** Media library (SPEC §7). The category and file endpoints come with the media library feature. */
export const MEDIA_API = {
  /**
   * GET `/mediaLibrary/{path}`: downloads a media file for a logged-in member; `path` is the file's name,
   * optionally after its category names (`Dokumente/Merkblatt.pdf`). Used by relative links in rich text.
   */
  library: (path: string) => `/mediaLibrary/${path.split('/').map(encodeURIComponent).join('/')}`,
  libraryPrefix: '/mediaLibrary/',
} as const;

export const MEDIA_MESSAGES = {
  fileNotFound: 'Die Datei wurde in der Mediathek nicht gefunden.',
} as const;
