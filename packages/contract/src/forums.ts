import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import { conversationPostFields } from './conversation.ts';
import { MESSAGES } from './errors.ts';
import { formBoolean, jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { pathTemplate } from './paths.ts';

/** Forum endpoints of SPEC §7, exactly as the legacy client calls them (trailing slashes included). */
export const FORUM_API = {
  /** GET the forum list. */
  list: '/api/forum',
  /** POST a forum (form field `forum`, JSON). */
  save: '/api/forum/',
  /** GET one forum with a page of its threads (`?page&pageSize`), DELETE one forum. */
  byId: pathTemplate('/api/forum/:id'),
  /** POST a thread (multipart `forumThread`, `forumId`, `forumPostMedia[i]`). */
  saveThread: '/api/forumThread/',
  /** GET one thread with a page of its posts (`?page&pageSize`, `page=last`), DELETE one thread. */
  thread: pathTemplate('/api/forumThread/:id'),
  /** POST a reply (multipart `forumPost`, `forumThreadId`, `forumPostMedia[i]`). */
  savePost: '/api/forumPost/',
  /** DELETE one post. */
  post: pathTemplate('/api/forumPost/:id'),
  /** PUT `{ following }`: the member follows a thread (reply mails) or stops following it. */
  follow: pathTemplate('/api/forumThread/:id/follow'),
  /** GET `{ threads }`: how many threads hold posts the member has not seen (the dashboard's 'Neu im Forum'). */
  unread: '/api/forum/unread',
} as const;

/** Multipart name of the i-th attachment (SPEC §7: `forumPostMedia[i]`, i from 0). */
export const forumPostMediaField = (index: number) => `forumPostMedia[${index}]`;

/** Attachments a post may carry at most. */
export const FORUM_POST_MEDIA_MAX = 10;
/** Posts per page of a thread, threads per page of a forum (defaults; `pageSize` goes up to the max). */
export const FORUM_POSTS_PAGE_SIZE = 20;
export const FORUM_THREADS_PAGE_SIZE = 50;
export const FORUM_PAGE_SIZE_MAX = 100;
const FORUM_NAME_MAX_LENGTH = 200;

export const FORUM_MESSAGES = {
  nameRequired: 'Name ist ein Pflichtfeld.',
  nameTooLong: `Der Name darf höchstens ${FORUM_NAME_MAX_LENGTH} Zeichen lang sein.`,
  descriptionRequired: 'Beschreibung ist ein Pflichtfeld.',
  descriptionTooLong: 'Die Beschreibung ist zu lang.',
  /** SPEC §5, without a final dot. */
  contentRequired: 'Der Beitragsinhalt ist ein Pflichtfeld',
  contentTooLong: 'Der Beitrag ist zu lang.',
  forumRequired: 'Forum ist ein Pflichtfeld.',
  threadRequired: 'Thema ist ein Pflichtfeld.',
  mediaType: 'Erlaubt sind Bilder (PNG, JPEG) und PDF-Dateien.',
  mediaInvalid: 'Ein Anhang muss eine Datei sein.',
  tooManyMedia: `Ein Beitrag darf höchstens ${FORUM_POST_MEDIA_MAX} Anhänge haben.`,
  forumNotFound: 'Das Forum wurde nicht gefunden.',
  threadNotFound: 'Das Thema wurde nicht gefunden.',
  postNotFound: 'Der Beitrag wurde nicht gefunden.',
  firstPostUndeletable: 'Der erste Beitrag eines Themas kann nicht gelöscht werden.',
} as const;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const name = () =>
  requiredText(FORUM_MESSAGES.nameRequired, FORUM_NAME_MAX_LENGTH, FORUM_MESSAGES.nameTooLong);
/** Rich text of a post; the server also counts an empty editor (`<p></p>`) as missing. */
const postContent = () =>
  requiredText(FORUM_MESSAGES.contentRequired, 200_000, FORUM_MESSAGES.contentTooLong);

/**
 * `id` opens the person page (GET /api/people/{id}); `name` is personName(): 'Erika Muster' or the username;
 * `photo` the signed URL of their photo (as the person page gives it), null without one. The server always
 * sends all three; optional for clients' data made before them (issue 36 point 6).
 */
const ZForumAuthor = z.object({
  username: z.string(),
  id: z.number().int().optional(),
  name: z.string().optional(),
  photo: z.string().nullable().optional(),
});
export type TForumAuthor = z.infer<typeof ZForumAuthor>;

/**
 * An attachment of a post. `filePath` is a signed, expiring URL of the file; `fileThumbnailPath` one of its
 * JPEG thumbnail (images only, null for PDFs); `originalFilename` the name it was uploaded with.
 */
const ZForumPostMedia = z.object({
  id: z.number().int(),
  filePath: z.string(),
  fileThumbnailPath: z.string().nullable(),
  originalFilename: z.string(),
  mimeType: z.string(),
});
export type TForumPostMedia = z.infer<typeof ZForumPostMedia>;

/**
 * ForumPost of SPEC §3. `content` is sanitised rich text, `createdAt` ISO 8601 (UTC), `author` null once the
 * user is deleted. `forumPostMedia` holds every attachment in upload order, `forumPostMediaImages` the PNG
 * and JPEG ones, `forumPostMediaFiles` the PDFs. `first` marks the thread's first post, which cannot be deleted.
 */
export const ZForumPost = z.object({
  id: z.number().int(),
  forumThreadId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  author: ZForumAuthor.nullable(),
  first: z.boolean(),
  forumPostMedia: z.array(ZForumPostMedia),
  forumPostMediaImages: z.array(ZForumPostMedia),
  forumPostMediaFiles: z.array(ZForumPostMedia),
  /** issue 37: editedAt, versionCount, deleted, reactions (conversation.ts) */
  ...conversationPostFields,
});
export type TForumPost = z.infer<typeof ZForumPost>;

/** A forum of the list: `lastActivity` is the time of its newest post (null without threads). */
export const ZForumSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  threadCount: z.number().int(),
  postCount: z.number().int(),
  lastActivity: z.string().nullable(),
  /** threads of the forum with posts the member has not seen */
  unreadThreads: z.number().int(),
});
export type TForumSummary = z.infer<typeof ZForumSummary>;

/**
 * A thread in a forum's list: `author` and `createdAt` of the thread (its first post), `replyCount` = posts − 1,
 * `lastReply` the newest reply (null while there is none), `lastActivity` the time of the newest post.
 */
const ZForumThreadSummary = z.object({
  id: z.number().int(),
  forumId: z.number().int(),
  name: z.string(),
  author: ZForumAuthor.nullable(),
  createdAt: z.string(),
  postCount: z.number().int(),
  replyCount: z.number().int(),
  lastReply: z.object({ createdAt: z.string(), author: ZForumAuthor.nullable() }).nullable(),
  lastActivity: z.string(),
  /** posts by others the member has not seen, 0 when the thread is read */
  unread: z.number().int(),
});
export type TForumThreadSummary = z.infer<typeof ZForumThreadSummary>;

/** Forum of SPEC §3 (GET /api/forum/{id}): the summary plus one page of threads, newest activity first. */
export const ZForum = ZForumSummary.extend({
  threads: z.array(ZForumThreadSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TForum = z.infer<typeof ZForum>;

/**
 * ForumThread of SPEC §3 (GET /api/forumThread/{id}): the thread and one page of its posts, oldest first.
 * `page` is the page answered (1-based; `page=last` resolves to `pageCount`), `pageCount` ≥ 1.
 */
export const ZForumThread = z.object({
  id: z.number().int(),
  name: z.string(),
  forumId: z.number().int(),
  forumName: z.string(),
  author: ZForumAuthor.nullable(),
  createdAt: z.string(),
  postCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  posts: z.array(ZForumPost),
  /** whether the member gets a mail when someone else replies */
  following: z.boolean(),
  /** posts the member had not seen before this request (opening the thread marks them read) */
  unread: z.number().int(),
  /** the first of them, null when there were none: the web scrolls to it */
  firstUnreadPostId: z.number().int().nullable(),
});
export type TForumThread = z.infer<typeof ZForumThread>;

/** The forum form (SPEC §5): name and description required; without `id` a forum is created. */
export const ZForumInput = z.object({
  id: ZId.optional(),
  name: name(),
  description: requiredText(FORUM_MESSAGES.descriptionRequired, 20_000, FORUM_MESSAGES.descriptionTooLong),
});
export type TForumInput = z.input<typeof ZForumInput>;
export type TForumValues = z.output<typeof ZForumInput>;

/** The new-thread form (SPEC §5): the thread's name and the content of its first post. */
export const ZForumThreadInput = z.object({ name: name(), content: postContent() });
export type TForumThreadInput = z.input<typeof ZForumThreadInput>;
export type TForumThreadValues = z.output<typeof ZForumThreadInput>;

/** The reply form (SPEC §5). */
export const ZForumPostInput = z.object({ content: postContent() });
export type TForumPostInput = z.input<typeof ZForumPostInput>;
export type TForumPostValues = z.output<typeof ZForumPostInput>;

/** POST /api/forum/: form field `forum` (JSON). */
export const ZSaveForumBody = z.object({ forum: jsonField(ZForumInput) });
/** POST /api/forumThread/ (multipart): `forumThread` JSON and `forumId`; the files are added by the server. */
export const ZSaveForumThreadFields = z.object({
  forumThread: jsonField(ZForumThreadInput),
  forumId: zId(FORUM_MESSAGES.forumRequired),
});
/** POST /api/forumPost/ (multipart): `forumPost` JSON and `forumThreadId`; the files are added by the server. */
export const ZSaveForumPostFields = z.object({
  forumPost: jsonField(ZForumPostInput),
  forumThreadId: zId(FORUM_MESSAGES.threadRequired),
});

export const ZForumIdParams = ZIdParams;

const pageSize = (fallback: number) =>
  zWholeNumber({ min: 1, max: FORUM_PAGE_SIZE_MAX, message: MESSAGES.badRequest }).default(fallback);

/** GET /api/forum/{id}: `page` of the threads, 1-based. */
export const ZForumQuery = z.object({
  page: zWholeNumber({ min: 1, max: 1_000_000, message: MESSAGES.badRequest }).default(1),
  pageSize: pageSize(FORUM_THREADS_PAGE_SIZE),
});

/**
 * GET /api/forumThread/{id}: `page` of the posts, 1-based, `last`, or `unread` (the page of the first post the
 * member has not seen; the last page when every post is read); `post` asks for the page holding that post.
 */
export const ZForumThreadQuery = z.object({
  page: z
    .union(
      [
        z.literal('last'),
        z.literal('unread'),
        zWholeNumber({ min: 1, max: 1_000_000, message: MESSAGES.badRequest }),
      ],
      {
        error: MESSAGES.badRequest,
      },
    )
    .default(1),
  pageSize: pageSize(FORUM_POSTS_PAGE_SIZE),
  /** a post of the thread (the link of a reply mail): answers the page that holds it, whatever `page` says */
  post: zId(MESSAGES.badRequest).optional(),
});

const FOLLOW_INVALID = 'Bitte geben Sie an, ob Sie dem Thema folgen möchten.';
/** The answer of PUT /api/forumThread/{id}/follow. */
export const ZForumFollow = z.strictObject({ following: z.boolean({ error: FOLLOW_INVALID }) });
export type TForumFollow = z.infer<typeof ZForumFollow>;
/** PUT /api/forumThread/{id}/follow: `following` as JSON or as a form field ('true'/'false'). */
export const ZForumFollowInput = z.strictObject({ following: formBoolean(FOLLOW_INVALID) });

/** GET /api/forum/unread. */
export const ZForumUnread = zm.object({ threads: zm.int() });
export type TForumUnread = z.infer<typeof ZForumUnread>;
