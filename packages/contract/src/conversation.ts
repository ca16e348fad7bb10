/**
 * Conversation in the forums (issue 37): members edit and delete their own posts, mention and quote each other
 * and react to posts. The notification centre that tells them about it is `notification-centre.ts`.
 */
import { z } from 'zod';
import { jsonField } from './form.ts';
import { ZId } from './ids.ts';
import { pathTemplate } from './paths.ts';

export const CONVERSATION_API = {
  /**
   * PUT (the post's author or an admin), multipart like the create (SPEC §7): `forumPost` JSON
   * (`ZForumPostEdit`), new files as `forumPostMedia[i]`, and `removeMedia` JSON (ids of attachments to drop).
   * A JSON body `{ content, name?, removeMedia? }` works too. Answers the post (`ZForumPost`).
   * DELETE on the same address stays SPEC's: an admin deletes the post; a member deletes their own reply,
   * which then stays in place as 'Beitrag gelöscht' (`deleted: true`).
   */
  post: pathTemplate('/api/forumPost/:id'),
  /** GET (whoever may read the post): `ZForumPostVersions`, oldest first, the current text last. */
  versions: pathTemplate('/api/forumPost/:id/versions'),
  /** PUT `{ kind, on }` (ROLE_USER): the caller's reaction on or off, idempotent; answers `ZPostReactions`. */
  reaction: pathTemplate('/api/forumPost/:id/reaction'),
  /** GET (ROLE_USER): who reacted how, `ZPostReactionPeople`, for the list on hover or tap. */
  reactions: pathTemplate('/api/forumPost/:id/reactions'),
  /** PUT `{ name }` (the thread's author or an admin): the thread's title; answers `{ id, name }`. */
  thread: pathTemplate('/api/forumThread/:id'),
  /**
   * GET `?q=` (ROLE_USER): members who can see the forum's threads and whose name, username or company starts
   * with `q` (any word, any case), at most MENTION_SUGGESTIONS_MAX, for the editor's `@` list.
   */
  mentionable: pathTemplate('/api/forum/:id/mentionable'),
} as const;

export const MENTION_SUGGESTIONS_MAX = 8;
export const THREAD_NAME_MAX_LENGTH = 200;

/** The fixed set of reactions (issue 37 point 4), in the order they are offered. */
export const REACTION_KINDS = ['helpful', 'thanks', 'agree', 'idea'] as const;
export type TReactionKind = (typeof REACTION_KINDS)[number];

/** What a reaction reads as, emoji first: the button's text and the notification's verb. */
export const REACTION_LABELS: Record<TReactionKind, { emoji: string; label: string; notification: string }> =
  {
    helpful: { emoji: '👍', label: 'Hilfreich', notification: 'findet Ihren Beitrag hilfreich' },
    thanks: { emoji: '🙏', label: 'Danke', notification: 'bedankt sich für Ihren Beitrag' },
    agree: { emoji: '✅', label: 'Zustimmung', notification: 'stimmt Ihrem Beitrag zu' },
    idea: { emoji: '💡', label: 'Gute Idee', notification: 'findet Ihren Beitrag eine gute Idee' },
  };

export const CONVERSATION_MESSAGES = {
  /** a member edits or deletes what is not theirs */
  notYours: 'Sie können nur Ihre eigenen Beiträge bearbeiten oder löschen.',
  threadNotYours: 'Sie können nur die Titel Ihrer eigenen Themen ändern.',
  /** editing or reacting to a reply that was deleted */
  postDeleted: 'Dieser Beitrag wurde gelöscht.',
  /** `name` sent with a post that is not its thread's first */
  nameOnlyFirst: 'Der Titel gehört zum ersten Beitrag eines Themas.',
  nameRequired: 'Titel ist ein Pflichtfeld.',
  nameTooLong: `Der Titel darf höchstens ${THREAD_NAME_MAX_LENGTH} Zeichen lang sein.`,
  removeMediaInvalid: 'Die zu entfernenden Anhänge sind ungültig.',
  reactionKind: 'Diese Reaktion gibt es nicht.',
  reactionOn: 'Bitte geben Sie an, ob die Reaktion gesetzt oder entfernt werden soll.',
  /** what a deleted reply shows in place of its text */
  deletedPost: 'Beitrag gelöscht',
  /** the post's mark after an edit, followed by the time */
  edited: 'bearbeitet',
  /** the author of a version, a reaction or a notification whose member was erased */
  formerMember: 'Ehemaliges Mitglied',
  /** the attribution line of a quote: 'Erika Muster schrieb:' */
  quoteWrote: (name: string) => `${name} schrieb:`,
  quote: 'Zitieren',
  versions: 'Versionen',
  edit: 'Bearbeiten',
} as const;

/**
 * The stored markup of a mention: `<a href="/personen/7" data-mention="7">@Erika Muster</a>`. The server
 * reads the ids from `data-mention` (its sanitiser keeps the attribute on links) and notifies each mentioned
 * member who can see the thread, once per post.
 */
export const MENTION_ATTRIBUTE = 'data-mention';
/**
 * The stored markup of a quote: `<blockquote data-quote="12"><p><a href="/forum/1/thread/3?post=12">Erika
 * Muster schrieb:</a></p><p>…the quoted text…</p></blockquote>`; `data-quote` names the quoted post.
 */
export const QUOTE_ATTRIBUTE = 'data-quote';

/** The person of a version, a reaction list or a notification; null once the member was erased. */
export const ZConversationPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
});

/** A reaction kind on a post: how many, and whether the caller is among them. */
const ZPostReaction = z.object({
  kind: z.enum(REACTION_KINDS),
  count: z.number().int(),
  mine: z.boolean(),
});
export type TPostReaction = z.infer<typeof ZPostReaction>;

/** The answer of PUT …/reaction: the post's reactions after the change, kinds with count 0 left out. */
export const ZPostReactions = z.object({ reactions: z.array(ZPostReaction) });
export type TPostReactions = z.infer<typeof ZPostReactions>;

/** GET …/reactions: per kind, who reacted (oldest first; an erased member's reactions are gone). */
export const ZPostReactionPeople = z.object({
  reactions: z.array(z.object({ kind: z.enum(REACTION_KINDS), people: z.array(ZConversationPerson) })),
});
export type TPostReactionPeople = z.infer<typeof ZPostReactionPeople>;

/**
 * What issue 37 adds to every post of a thread (`ZForumPost`): `editedAt` the time of the last edit (null if
 * never edited), `versionCount` how many versions there are (1 when never edited), `deleted` for a reply its
 * author deleted (content '', no attachments, no reactions), `reactions` as in ZPostReactions.
 */
export const conversationPostFields = {
  editedAt: z.string().nullable(),
  versionCount: z.number().int(),
  deleted: z.boolean(),
  reactions: z.array(ZPostReaction),
};

/** One version of a post: the text (and for a first post the thread's title) as it was from `createdAt` on. */
const ZForumPostVersion = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  /** who wrote this version (the author, or an admin who edited); null once erased: 'Ehemaliges Mitglied' */
  editor: ZConversationPerson.nullable(),
  content: z.string(),
  /** the thread's title with this version; null for replies */
  name: z.string().nullable(),
});
export type TForumPostVersion = z.infer<typeof ZForumPostVersion>;

export const ZForumPostVersions = z.object({
  postId: z.number().int(),
  versions: z.array(ZForumPostVersion),
});
export type TForumPostVersions = z.infer<typeof ZForumPostVersions>;

/** The `forumPost` JSON of PUT /api/forumPost/{id}: the new text; `name` renames the thread (first post only). */
const ZForumPostEdit = z.object({
  content: z.string(),
  name: z
    .string()
    .trim()
    .min(1, CONVERSATION_MESSAGES.nameRequired)
    .max(THREAD_NAME_MAX_LENGTH, CONVERSATION_MESSAGES.nameTooLong)
    .optional(),
});
export type TForumPostEdit = z.input<typeof ZForumPostEdit>;

const ZRemoveMedia = z.array(ZId, { error: CONVERSATION_MESSAGES.removeMediaInvalid }).max(100);

/** PUT /api/forumPost/{id} as multipart: `forumPost` JSON and `removeMedia` JSON; files are added by the server. */
export const ZForumPostEditFields = z.object({
  forumPost: jsonField(ZForumPostEdit),
  removeMedia: jsonField(ZRemoveMedia).optional(),
});

/** PUT /api/forumPost/{id} as JSON. */
export const ZForumPostEditJson = ZForumPostEdit.extend({ removeMedia: ZRemoveMedia.optional() });

/** PUT /api/forumThread/{id}. */
export const ZForumThreadRename = z.object({
  name: z
    .string({ error: CONVERSATION_MESSAGES.nameRequired })
    .trim()
    .min(1, CONVERSATION_MESSAGES.nameRequired)
    .max(THREAD_NAME_MAX_LENGTH, CONVERSATION_MESSAGES.nameTooLong),
});

/** The answer of PUT /api/forumThread/{id}: the thread and its title as saved. */
export const ZForumThreadRenamed = z.object({ id: z.number().int(), name: z.string() });

/** PUT /api/forumPost/{id}/reaction. */
export const ZReactionInput = z.strictObject({
  kind: z.enum(REACTION_KINDS, { error: CONVERSATION_MESSAGES.reactionKind }),
  on: z.boolean({ error: CONVERSATION_MESSAGES.reactionOn }),
});
export type TReactionInput = z.infer<typeof ZReactionInput>;

/** GET /api/forum/{id}/mentionable. */
export const ZMentionableQuery = z.object({ q: z.string().trim().max(100).default('') });

/** A suggestion of the `@` list: the name to insert, the company to tell two Müllers apart. */
const ZMentionable = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  photo: z.string().nullable(),
});
export type TMentionable = z.infer<typeof ZMentionable>;
export const ZMentionables = z.object({ people: z.array(ZMentionable) });
export type TMentionables = z.infer<typeof ZMentionables>;
