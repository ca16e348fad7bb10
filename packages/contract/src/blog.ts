import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import { MESSAGES } from './errors.ts';
import { formList, jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { pathTemplate } from './paths.ts';

/** Blog endpoints of SPEC §7, exactly as the legacy client calls them (trailing slashes included). */
export const BLOG_API = {
  /** GET the list (`?page&tag&ceo`), POST a post (multipart `blog` + `image`). */
  list: '/api/blog/',
  save: '/api/blog/',
  formData: '/api/blog/formData',
  /** GET `/api/blog/count/{max}`: the newest posts for the dashboard. */
  count: pathTemplate('/api/blog/count/:max'),
  /** GET one post, DELETE one post: `/api/blog/{id}`. */
  byId: pathTemplate('/api/blog/:id'),
  breakingNews: pathTemplate('/api/blog/sendAsBreakingNews/:id'),
  /** POST: the member confirms the circular (issue 34), idempotent. */
  confirmation: pathTemplate('/api/blog/:id/confirmation'),
  /** GET (admins): `{ confirmed, pending }` of a circular; `.csv` the same as a download. */
  confirmations: pathTemplate('/api/blog/:id/confirmations'),
  confirmationsCsv: pathTemplate('/api/blog/:id/confirmations.csv'),
  /** POST (admins): one reminder now to every member still pending ('Erinnerung senden'). */
  confirmationReminder: pathTemplate('/api/blog/:id/confirmationReminder'),
  /** GET: the circulars the member still has to confirm, soonest deadline first ('Zu bestätigen'). */
  toConfirm: '/api/blog/toConfirm',
} as const;

/** SPEC §9: blog page size 10; the dashboard shows 2 posts. */
export const BLOG_PAGE_SIZE = 10;
export const DASHBOARD_POST_COUNT = 2;
/** GET /api/blog/count/{max} accepts 1 … BLOG_COUNT_MAX. */
export const BLOG_COUNT_MAX = 20;
const BLOG_TAG_MAX_LENGTH = 50;
export const BLOG_TAGS_MAX = 20;

/** A circular has at most this many PDF attachments. */
export const CIRCULAR_ATTACHMENTS_MAX = 10;
/** 'Erinnerung senden' is refused within this many hours of the previous one. */
export const CONFIRMATION_REMINDER_REPEAT_HOURS = 24;
/** The first reminder mail goes this many days before 'Bestätigen bis', the second on the day. */
export const CONFIRMATION_REMINDER_DAYS_BEFORE = 3;

/** A post's breaking news is queued at most once in this many minutes (a second press answers 409). */
export const BREAKING_NEWS_REPEAT_MINUTES = 10;

export const BLOG_MESSAGES = {
  titleRequired: 'Titel ist ein Pflichtfeld.',
  preTextRequired: 'Einleitung ist ein Pflichtfeld.',
  contentRequired: 'Beitrag ist ein Pflichtfeld.',
  visibilityRequired: 'Sichtbarkeit ist ein Pflichtfeld.',
  publishedAtRequired: '"Veröffentlichen am" ist ein Pflichtfeld.',
  publishedAtInvalid: '„Veröffentlichen am“ ist kein gültiges Datum.',
  unknownGroup: 'Diese Benutzergruppe gibt es nicht.',
  tagTooLong: `Ein Schlagwort darf höchstens ${BLOG_TAG_MAX_LENGTH} Zeichen lang sein.`,
  tooManyTags: `Ein Beitrag darf höchstens ${BLOG_TAGS_MAX} Schlagwörter haben.`,
  imageType: 'Das Bild muss eine PNG- oder JPEG-Datei sein.',
  notFound: 'Der Beitrag wurde nicht gefunden.',
  countRange: `Die Anzahl muss zwischen 1 und ${BLOG_COUNT_MAX} liegen.`,
  breakingNewsScheduled:
    'Eine Eilmeldung kann erst nach der Veröffentlichung des Beitrags verschickt werden.',
  breakingNewsPending: 'Die Eilmeldung zu diesem Beitrag wird bereits verschickt.',
  breakingNewsRecent: `Die Eilmeldung zu diesem Beitrag wurde vor weniger als ${BREAKING_NEWS_REPEAT_MINUTES} Minuten verschickt. Bitte warten Sie, bevor Sie sie erneut senden.`,
  /** SPEC §8, shown by the web app. */
  breakingNewsSent: 'Eilmeldung für den Blogbeitrag erfolgreich verschickt',
  breakingNewsFailed: 'Es ist ein Fehler passiert, beim verschicken von der Eilmeldung!',
  formDataFailed: 'Formular konnte nicht geladen werden',
  // circulars (issue 34)
  circularStays:
    'Ein Rundschreiben behält seine Nummer und kann nicht wieder zu einem gewöhnlichen Beitrag werden.',
  confirmByRequired: '„Bestätigen bis“ ist ein Pflichtfeld, wenn eine Lesebestätigung angefordert wird.',
  confirmByInvalid: '„Bestätigen bis“ ist kein gültiges Datum.',
  confirmationNotCircular: 'Dieser Beitrag ist kein Rundschreiben.',
  confirmationNotRequested: 'Für dieses Rundschreiben wird keine Lesebestätigung angefordert.',
  attachmentType: 'Anhänge eines Rundschreibens müssen PDF-Dateien sein.',
  tooManyAttachments: `Ein Rundschreiben darf höchstens ${CIRCULAR_ATTACHMENTS_MAX} Anhänge haben.`,
  attachmentsOnlyCircular: 'Nur ein Rundschreiben kann Anhänge haben.',
  reminderRecent: `Die letzte Erinnerung zu diesem Rundschreiben wurde vor weniger als ${CONFIRMATION_REMINDER_REPEAT_HOURS} Stunden verschickt. Bitte warten Sie, bevor Sie erneut erinnern.`,
  reminderNothingPending: 'Alle Mitglieder haben dieses Rundschreiben bereits bestätigt.',
} as const;

/** A circular's number as shown: 'Rundschreiben 12/2026'. */
export function circularLabel(number: { number: number; year: number }): string {
  return `Rundschreiben ${number.number}/${number.year}`;
}

/** SPEC §2 Blog: the list's title without and with `ceo=true`. */
export const BLOG_TITLES = { default: 'MarkenKreis-Info', ceo: 'FMK-Intern' } as const;

/**
 * `id` opens the person page (GET /api/people/{id}); `name` is personName(): 'Erika Muster' or the username;
 * `photo` the signed URL of their photo (as the person page gives it), null without one and for partners, who
 * do not see people's pages. The server always sends all three; optional for clients' data made before them
 * (issue 36 point 6).
 */
const ZBlogAuthor = zm.object({
  username: zm.string(),
  id: zm.optional(zm.int()),
  name: zm.optional(zm.string()),
  photo: zm.optional(zm.nullable(zm.string())),
});

/** A circular's number of its year, kept by the server; shown with circularLabel(): 'Rundschreiben 12/2026'. */
const ZCircularNumber = zm.object({ number: zm.int(), year: zm.int() });
export type TCircularNumber = z.infer<typeof ZCircularNumber>;

/** A circular's PDF attachment: `url` is a signed, expiring address of the file. */
const ZBlogAttachment = zm.object({
  id: zm.int(),
  name: zm.string(),
  size: zm.int(),
  url: zm.string(),
});

/**
 * The member's own state of a circular that asks for confirmation: `confirmedAt` (ISO 8601) of their
 * confirmation of the current version, null while pending ('Zu bestätigen'). `changedSince`: after a change
 * that needs a new confirmation, the texts of the version they confirmed last and which fields differ now;
 * null when they never confirmed or their confirmation counts.
 */
const ZOwnConfirmation = zm.object({
  confirmedAt: zm.nullable(zm.string()),
  pending: zm.boolean(),
  changedSince: zm.nullable(
    zm.object({
      confirmedAt: zm.string(),
      fields: zm.array(zm.enum(['title', 'preText', 'content'])),
      title: zm.string(),
      preText: zm.string(),
      content: zm.string(),
    }),
  ),
});
export type TOwnConfirmation = z.infer<typeof ZOwnConfirmation>;

/**
 * Blog of SPEC §3. `image` is a signed, expiring URL of the picture (for `<img src>`), `imagePath` the file
 * name it was uploaded with; both null without a picture. `publishedAt` is ISO 8601 (UTC). `scheduled` is
 * true while `publishedAt` lies in the future; only admins ever receive such a post.
 */
export const ZBlog = zm.object({
  id: zm.int(),
  title: zm.string(),
  preText: zm.string(),
  content: zm.string(),
  image: zm.nullable(zm.string()),
  imagePath: zm.nullable(zm.string()),
  visibleForUserGroups: zm.array(zm.int()),
  publishedAt: zm.string(),
  displayOnDashboard: zm.boolean(),
  tags: zm.array(zm.string()),
  author: zm.nullable(ZBlogAuthor),
  scheduled: zm.boolean(),
  /** issue 34: a circular (Rundschreiben), its number (read-only) and its PDF attachments */
  circular: zm.boolean(),
  circularNumber: zm.nullable(ZCircularNumber),
  attachments: zm.array(ZBlogAttachment),
  /** 'Lesebestätigung anfordern' and 'Bestätigen bis' (a date 'YYYY-MM-DD', Berlin) */
  confirmationRequired: zm.boolean(),
  confirmBy: zm.nullable(zm.string()),
  /** the reader's own confirmation; null unless the circular asks for one */
  confirmation: zm.nullable(ZOwnConfirmation),
  /** admins only ('Bestätigt: 37 von 52'); null for members and without confirmation */
  confirmationCounts: zm.nullable(zm.object({ confirmed: zm.int(), total: zm.int() })),
});
export type TBlog = z.infer<typeof ZBlog>;

const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** GET /api/blog/: `page` is 1-based; `tag` keeps posts with that tag; `ceo=true` the FMK-Intern list. */
export const ZBlogListQuery = z.object({
  page: zWholeNumber({ min: 1, max: 100_000, message: MESSAGES.badRequest }).default(1),
  tag: z.string().trim().max(BLOG_TAG_MAX_LENGTH).optional(),
  ceo: queryBool.default(false),
  /** issue 34: only circulars (the list 'Rundschreiben', of both kinds of group), newest first */
  rundschreiben: queryBool.default(false),
});

/** One page of the list, newest first; `tags` are the tags in use in this list (for the chips). */
export const ZBlogPage = z.object({
  items: z.array(ZBlog),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  tags: z.array(z.string()),
});
export type TBlogPage = z.infer<typeof ZBlogPage>;

export const ZBlogFormDataQuery = z.object({
  keyed: queryBool.default(false),
  ceo: queryBool.optional(),
  tag: z.string().optional(),
  page: z.string().optional(),
});

const ZBlogUserGroup = z.object({ id: z.number().int(), name: z.string() });
export type TBlogUserGroup = z.infer<typeof ZBlogUserGroup>;

/**
 * GET /api/blog/formData: the groups to choose from, the groups preselected for a new post and the tags in
 * use. With `keyed=true` `userGroups` is an object keyed by group id: `{ "3": { "id": 3, "name": "…" } }`.
 */
export const ZBlogFormData = z.object({
  userGroups: z.union([z.array(ZBlogUserGroup), z.record(z.string(), ZBlogUserGroup)]),
  defaultUserGroups: z.array(z.number().int()),
  tags: z.array(z.string()),
});
export type TBlogFormData = z.infer<typeof ZBlogFormData>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const tagList = z
  .array(z.string().trim().max(BLOG_TAG_MAX_LENGTH, BLOG_MESSAGES.tagTooLong))
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ''))])
  .pipe(z.array(z.string()).max(BLOG_TAGS_MAX, BLOG_MESSAGES.tooManyTags));

/**
 * The blog form (SPEC §5). Without `id` a post is created. `publishedAt` is ISO 8601 with a zone
 * (`toISOString()`); a time in the future schedules the post. `image: null` without an uploaded file removes
 * the picture; any other value keeps it, an uploaded file replaces it.
 */
export const ZBlogInput = z.object({
  id: ZId.optional(),
  title: requiredText(BLOG_MESSAGES.titleRequired, 300),
  preText: requiredText(BLOG_MESSAGES.preTextRequired, 20_000),
  content: requiredText(BLOG_MESSAGES.contentRequired, 500_000),
  visibleForUserGroups: formList(
    z
      .array(zId(BLOG_MESSAGES.unknownGroup), {
        error: BLOG_MESSAGES.visibilityRequired,
      })
      .min(1, BLOG_MESSAGES.visibilityRequired)
      .max(100),
  ),
  publishedAt: z
    .string({ error: BLOG_MESSAGES.publishedAtRequired })
    .trim()
    .min(1, BLOG_MESSAGES.publishedAtRequired)
    .pipe(z.iso.datetime({ offset: true, error: BLOG_MESSAGES.publishedAtInvalid })),
  displayOnDashboard: z.boolean().default(true),
  tags: formList(tagList).default([]),
  image: z.string().max(2000).nullish(),
  /**
   * issue 34: 'Rundschreiben'; a circular stays one (its number is kept). This and the circular fields below
   * left out keep what the post has (a form that does not know them changes nothing of a circular).
   */
  circular: z.boolean().optional(),
  /** 'Lesebestätigung anfordern' with 'Bestätigen bis' (YYYY-MM-DD), for a circular only */
  confirmationRequired: z.boolean().optional(),
  confirmBy: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, BLOG_MESSAGES.confirmByInvalid)
    .refine((value) => isCalendarDate(value), BLOG_MESSAGES.confirmByInvalid)
    .nullish(),
  /** 'Änderung erneut bestätigen lassen': earlier confirmations stay in the history but no longer count */
  reconfirm: z.boolean().optional(),
  /** the ids of the attachments to keep, in their order; new PDF files come as `attachments[i]` */
  attachments: formList(z.array(ZId).max(CIRCULAR_ATTACHMENTS_MAX)).optional(),
});
export type TBlogInput = z.input<typeof ZBlogInput>;
export type TBlogValues = z.output<typeof ZBlogInput>;

/** 'YYYY-MM-DD' names a day of the calendar. */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** POST /api/blog/ (multipart): `blog` JSON; the file field `image` is added by the server's schema. */
export const ZSaveBlogFields = z.object({ blog: jsonField(ZBlogInput) });

export const ZBlogIdParams = ZIdParams;
export const ZBlogCountParams = z.object({
  max: zWholeNumber({ min: 1, max: BLOG_COUNT_MAX, message: BLOG_MESSAGES.countRange }),
});

/** GET /api/blog/sendAsBreakingNews/{id} answers 202 once the mails are queued. */
export const ZBreakingNewsResult = z.object({ queued: z.number().int() });
export type TBreakingNewsResult = z.infer<typeof ZBreakingNewsResult>;

/**
 * One member in the office's list of a circular; an erased member is 'Ehemaliges Mitglied', never named.
 * `name` is personName() ('Erika Muster', or the username); `company` the member company (issue 36), else the
 * company text of the member's account.
 */
const ZConfirmationMember = z.object({
  username: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  /** ISO 8601; null for the pending */
  confirmedAt: z.string().nullable(),
});
export type TConfirmationMember = z.infer<typeof ZConfirmationMember>;

/** GET /api/blog/{id}/confirmations: both lists sorted by company, then name ('Bestätigt: 37 von 52'). */
export const ZConfirmations = z.object({
  confirmed: z.array(ZConfirmationMember),
  pending: z.array(ZConfirmationMember),
  /** when the office last sent 'Erinnerung senden' (ISO 8601), null before */
  lastReminderAt: z.string().nullable(),
});
export type TConfirmations = z.infer<typeof ZConfirmations>;

/** The CSV of the confirmations: one row per member, grouped by company. */
export const CONFIRMATIONS_CSV = {
  header: ['Firma', 'Name', 'Status', 'Bestätigt am'],
  confirmed: 'Bestätigt',
  pending: 'Ausstehend',
  formerMember: 'Ehemaliges Mitglied',
} as const;

/** POST /api/blog/{id}/confirmationReminder answers 202 `{ queued }`. */
export const ZConfirmationReminderResult = z.object({ queued: z.number().int() });
export type TConfirmationReminderResult = z.infer<typeof ZConfirmationReminderResult>;
