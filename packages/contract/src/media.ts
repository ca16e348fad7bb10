import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { pathTemplate } from './paths.ts';
import { zTreeInput } from './tree.ts';

/** Media library (SPEC §7): categories, files, the members' download and the public file address. */
export const MEDIA_API = {
  categories: '/api/mediaCategory/',
  saveTree: '/api/mediaCategory/saveTree/',
  /** GET one category, DELETE one category: `/api/mediaCategory/{id}`. */
  category: pathTemplate('/api/mediaCategory/:id'),
  /** POST: save a file (multipart `media` JSON + `file`). */
  files: '/api/media/',
  /** POST (JSON `ZMediaDuplicatesQuery`): which files the library holds already, by content and by name. */
  duplicates: '/api/media/duplicates',
  /** GET the files of a category (keyed by file id); DELETE one file: `/api/media/{id}`. */
  file: pathTemplate('/api/media/:id'),
  /** Public, unguessable address of a media file (no token): `/media-files/{publicToken}`. */
  publicPrefix: '/media-files/',
  /**
   * GET `/mediaLibrary/{path}`: downloads a media file for a logged-in member; `path` is the file's name,
   * optionally after its category names (`Dokumente/Merkblatt.pdf`). Used by relative links in rich text.
   */
  library: (path: string) => `/mediaLibrary/${path.split('/').map(encodeURIComponent).join('/')}`,
  libraryPrefix: '/mediaLibrary/',
} as const;

/** The most files one duplicate check takes, and one upload dialog. */
export const MEDIA_DUPLICATES_MAX = 50;

export const MEDIA_MESSAGES = {
  fileNotFound: 'Die Datei wurde in der Mediathek nicht gefunden.',
  nameRequired: 'Name ist ein Pflichtfeld.',
  categoryRequired: 'Kategorie ist ein Pflichtfeld.',
  fileRequired: 'Bitte wählen Sie eine Datei aus.',
  fileType: 'Erlaubte Dateiformate: JPG, PNG, GIF, PDF',
  fileTooLarge: 'Die Datei ist zu groß.',
  unknownCategory: 'Die Kategorie gibt es nicht.',
  unknownParent: 'Die übergeordnete Kategorie gibt es nicht.',
  ownParent: 'Eine Kategorie kann nicht unter sich selbst oder ihren Unterkategorien liegen.',
  hashInvalid: 'Die Prüfsumme muss ein SHA-256-Wert aus 64 Hexadezimalzeichen sein.',
  tooManyFiles: `Bitte wählen Sie höchstens ${MEDIA_DUPLICATES_MAX} Dateien auf einmal.`,
  categoryNotEmpty: 'Die Kategorie enthält noch Dateien oder Unterkategorien und kann nicht gelöscht werden.',
  invalidTree:
    'Der Kategoriebaum ist ungültig: jede Kategorie darf nur einmal und nur mit bekannter ID vorkommen.',
  /** confirmation texts of SPEC §8 (the web app fills in the name) */
  confirmDeleteCategory: (name: string) => `Wollen Sie den Eintrag "${name}" wirklich löschen?`,
  confirmDeleteFile: (name: string) => `Wollen Sie die Datei "${name}" wirklich löschen?`,
} as const;

export const MEDIA_CATEGORY_DEFAULTS = { level: 1, position: 999 } as const;

/**
 * Media category of SPEC §3: `mediaCount` is the number of files directly in the category (the count in
 * brackets); `children` the sub-categories, siblings by position, then id.
 */
export const ZMediaCategory = z
  .object({
    id: z.number().int(),
    name: z.string(),
    level: z.number().int(),
    position: z.number().int(),
    parentId: z.number().int().nullable(),
    mediaCount: z.number().int(),
    get children(): z.ZodArray<typeof ZMediaCategory> {
      return z.array(ZMediaCategory);
    },
  })
  .meta({ id: 'MediaCategory' });
export type TMediaCategory = z.infer<typeof ZMediaCategory>;
export const ZMediaCategoryTree = z.array(ZMediaCategory);

/** The category form: without `id` a new category (root unless `parentId`; position 999 unless given). */
export const ZMediaCategoryInput = z.object({
  id: ZId.optional(),
  name: z.string({ error: MEDIA_MESSAGES.nameRequired }).trim().min(1, MEDIA_MESSAGES.nameRequired).max(200),
  parentId: ZId.nullish(),
  level: zWholeNumber({ min: 1, max: 1_000, message: MESSAGES.badRequest }).optional(),
  position: zWholeNumber({ min: 0, max: 1_000_000, message: MESSAGES.badRequest }).optional(),
});
export type TMediaCategoryInput = z.input<typeof ZMediaCategoryInput>;
export type TMediaCategoryValues = z.output<typeof ZMediaCategoryInput>;

/** POST /api/mediaCategory/: form field `mediaCategory` (JSON). */
export const ZSaveMediaCategoryBody = z.object({ mediaCategory: jsonField(ZMediaCategoryInput) });

export const ZSaveMediaCategoryTreeBody = z.object({
  mediaCategories: jsonField(zTreeInput('MediaCategoryTreeNode')),
});

export const ZMediaIdParams = ZIdParams;

/**
 * Media file of SPEC §3. `url` is the absolute public address to copy, `publicPath` the same address as a
 * path (opened in a new tab); both stay the same when the file is renamed, moved or its binary replaced.
 */
export const ZMediaFile = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int(),
  originalFilename: z.string(),
  url: z.string(),
  publicPath: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type TMediaFile = z.infer<typeof ZMediaFile>;

/** GET /api/media/{categoryId}: the files keyed by id (`{}` when empty; SPEC §3 also allows `[]`). */
export const ZMediaFileMap = z.record(z.string(), ZMediaFile);
export type TMediaFileMap = z.infer<typeof ZMediaFileMap>;

/** Files per page of a category as the web app loads them, and the most one page may ask for (issue 19). */
export const MEDIA_FILES_PAGE_SIZE = 50;
export const MEDIA_FILES_PAGE_SIZE_MAX = 500;

/** Response headers of a page of GET /api/media/{categoryId}?limit: the cursor of the next page, if any. */
export const MEDIA_FILES_NEXT_HEADER = 'x-next-cursor';

export const MEDIA_FILES_MESSAGES = {
  limit: `Bitte geben Sie als Seitengröße eine Zahl von 1 bis ${MEDIA_FILES_PAGE_SIZE_MAX} an.`,
  after: 'Die Fortsetzungsmarke ist ungültig. Bitte laden Sie die Dateiliste neu.',
} as const;

/**
 * A category's files are ordered by name, then id; a page goes on after the file it names: its id and name
 * (`12:Preisliste.pdf`). The web app makes it from the last file it shows, the server sends it in
 * MEDIA_FILES_NEXT_HEADER. It stays valid when that file is deleted or renamed meanwhile.
 */
export function mediaFilesCursor(file: Pick<TMediaFile, 'id' | 'name'>): string {
  return `${file.id}:${file.name}`;
}

/** Code points of two names compared, as SQLite compares text and PostgreSQL the "C" collation. */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * The order in which a category's files come page by page: by the code points of the name, then the id
 * (decision 0089); the last of a page by this order makes the cursor of the next one. (The web app shows
 * them in German order.)
 */
export function compareMediaFilesPaging(
  a: Pick<TMediaFile, 'id' | 'name'>,
  b: Pick<TMediaFile, 'id' | 'name'>,
): number {
  return compareCodePoints(a.name, b.name) || a.id - b.id;
}

/** The file a cursor names, or null when it is none. */
export function parseMediaFilesCursor(cursor: string): { id: number; name: string } | null {
  const match = /^([1-9][0-9]{0,15}):(.{1,255})$/su.exec(cursor);
  if (!match?.[1] || match[2] === undefined) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? { id, name: match[2] } : null;
}

/**
 * GET /api/media/{categoryId}: without `limit` every file (as SPEC §7 has it); with `limit` the first
 * `limit` files after the cursor `after` (from the first without it), in the same keyed-by-id body.
 */
export const ZMediaFilesQuery = z.object({
  limit: zWholeNumber({
    min: 1,
    max: MEDIA_FILES_PAGE_SIZE_MAX,
    message: MEDIA_FILES_MESSAGES.limit,
  }).optional(),
  after: z
    .string({ error: MEDIA_FILES_MESSAGES.after })
    .refine((value) => parseMediaFilesCursor(value) !== null, MEDIA_FILES_MESSAGES.after)
    .optional(),
});
export type TMediaFilesQuery = z.infer<typeof ZMediaFilesQuery>;

/** The address of a page of a category's files as the web app asks for it. */
export function mediaFilesPage(
  categoryId: number,
  after: string | null,
  limit = MEDIA_FILES_PAGE_SIZE,
): string {
  const query = `limit=${limit}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
  return `${MEDIA_API.file(categoryId)}?${query}`;
}

/**
 * The file form (SPEC §3, §5): without `id` a new file (the `file` field is required), with `id` an update
 * (a `file` replaces the binary at the same address). Other fields of the file object are ignored.
 */
export const ZMediaFileInput = z.object({
  id: ZId.nullish(),
  name: z.string({ error: MEDIA_MESSAGES.nameRequired }).trim().min(1, MEDIA_MESSAGES.nameRequired).max(255),
  category: zId(MEDIA_MESSAGES.categoryRequired),
});
export type TMediaFileInput = z.input<typeof ZMediaFileInput>;
export type TMediaFileValues = z.output<typeof ZMediaFileInput>;

/**
 * POST /api/media/duplicates: files about to be uploaded into `category` (all of them), each with the name it
 * is to get and the SHA-256 (hex) of its bytes when the browser could compute it. `exclude`: the file being
 * edited, which is no duplicate of itself.
 */
export const ZMediaDuplicatesQuery = z.object({
  category: zId(MEDIA_MESSAGES.categoryRequired),
  exclude: ZId.optional(),
  files: z
    .array(
      z.object({
        name: z
          .string({ error: MEDIA_MESSAGES.nameRequired })
          .trim()
          .min(1, MEDIA_MESSAGES.nameRequired)
          .max(255),
        sha256: z
          .string({ error: MEDIA_MESSAGES.hashInvalid })
          .regex(/^[0-9a-f]{64}$/, MEDIA_MESSAGES.hashInvalid)
          .optional(),
      }),
    )
    .min(1, MEDIA_MESSAGES.fileRequired)
    .max(MEDIA_DUPLICATES_MAX, MEDIA_MESSAGES.tooManyFiles),
});
export type TMediaDuplicatesQuery = z.input<typeof ZMediaDuplicatesQuery>;

/** A file the library holds already, with the name of its category. */
const ZMediaDuplicate = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
});
export type TMediaDuplicate = z.infer<typeof ZMediaDuplicate>;

/**
 * The answer, one entry per file asked about in the same order: `sameContent` the files with the same bytes
 * anywhere in the library (at most 5), `sameName` the file of the same name in the category.
 */
export const ZMediaDuplicates = z.object({
  files: z.array(z.object({ sameContent: z.array(ZMediaDuplicate), sameName: z.array(ZMediaDuplicate) })),
});
export type TMediaDuplicates = z.infer<typeof ZMediaDuplicates>;

/** POST /api/media/ (multipart): `media` JSON; the file field `file` is added by the server's schema. */
export const ZSaveMediaFields = z.object({ media: jsonField(ZMediaFileInput) });

const UMLAUTS: Record<string, string> = { Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * SPEC §5 auto-name: NFC, extension split off, umlauts and ß spelled out, acute accents removed, dots and
 * commas to underscores, extension appended again ('Café Müller.png' → 'Cafe Mueller.png').
 */
export function autoMediaName(fileName: string): string {
  const normalized = fileName.normalize('NFC');
  const dot = normalized.lastIndexOf('.');
  const base = dot > 0 ? normalized.slice(0, dot) : normalized;
  const extension = dot > 0 ? normalized.slice(dot) : '';
  const cleaned = base
    .replace(/[ÄÖÜäöüß]/g, (letter) => UMLAUTS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\u0301/g, '')
    .normalize('NFC')
    .replace(/[.,]/g, '_');
  return `${cleaned}${extension}`;
}
