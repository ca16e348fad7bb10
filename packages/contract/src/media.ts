import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { pathTemplate } from './paths.ts';
import { zTreeNodeInput } from './tree.ts';

/** Media library (SPEC §7): categories, files, the members' download and the public file address. */
export const MEDIA_API = {
  categories: '/api/mediaCategory/',
  saveTree: '/api/mediaCategory/saveTree/',
  /** GET one category, DELETE one category: `/api/mediaCategory/{id}`. */
  category: pathTemplate('/api/mediaCategory/:id'),
  /** POST: save a file (multipart `media` JSON + `file`). */
  files: '/api/media/',
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

/** A node of POST /api/mediaCategory/saveTree/. */
const ZMediaCategoryTreeNodeInput = zTreeNodeInput('MediaCategoryTreeNode');

export const ZSaveMediaCategoryTreeBody = z.object({
  mediaCategories: jsonField(z.array(ZMediaCategoryTreeNodeInput).max(10_000)),
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
