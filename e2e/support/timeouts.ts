/**
 * Expectation timeouts of the steps that are slow for a reason, longer than the default 10 s of
 * playwright.config.ts. Measured on the 2-core CI machine, where the server, two browsers and the other
 * worker share the cores: each of these steps has taken more than 10 s there while the app did nothing
 * wrong. They bound waits for what the user sees; no test waits for a fixed time.
 */

/**
 * The first screen of a freshly opened or reloaded page: the browser parses the app's 500 kB entry chunk
 * and the app sets up the session before anything shows. Screens reached inside the loaded app wait the
 * default.
 */
export const APP_START_TIMEOUT = 30_000;

/**
 * A part of a screen that comes in its own chunk the first time a page shows it: the rich-text editor
 * (TipTap and ProseMirror, 466 kB; the blog form waits for it before it shows at all) and the event
 * calendar (FullCalendar, 251 kB).
 */
export const LAZY_CHUNK_TIMEOUT = 30_000;

/** Saving a form with files: the upload, the server's type checks, image re-encoding and thumbnails. */
export const UPLOAD_TIMEOUT = 20_000;
