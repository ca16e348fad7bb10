import {
  FORUM_API,
  FORUM_PAGE_SIZE_MAX,
  FORUM_POST_MEDIA_MAX,
  FORUM_POSTS_PAGE_SIZE,
  FORUM_THREADS_PAGE_SIZE,
  ZApiError,
  ZForum,
  ZForumFollow,
  ZForumFollowInput,
  ZForumIdParams,
  ZForumPost,
  ZForumQuery,
  ZForumSummary,
  ZForumThread,
  ZForumThreadQuery,
  ZForumUnread,
  ZSaveForumBody,
  ZSaveForumPostFields,
  ZSaveForumThreadFields,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { forumEditsRoutes } from './forum-edits.routes.ts';
import type { ForumsService } from './forums.service.ts';
import { withPostMedia } from './post-media.ts';

const uploadErrors = { 413: ZApiError, 415: ZApiError };
const tags = ['forums'];

const MEDIA =
  `Attachments: file fields \`forumPostMedia[0]\`, \`forumPostMedia[1]\`, … (at most ${FORUM_POST_MEDIA_MAX}), ` +
  'PNG, JPEG or PDF by content (else 415 and nothing is stored); images lose their EXIF metadata and get a ' +
  'JPEG thumbnail. Rich text is sanitised; an empty editor (`<p></p>`) counts as missing.';

const UNREAD =
  'A post is unread for the member when someone else wrote it after the newest post they have seen and after ' +
  'they joined.';

/**
 * Forums of SPEC §7. SPEC §2 opens /forum to ROLE_USER: every member reads, opens threads and replies; only
 * admins save or delete forums and delete threads and posts. The first post of a thread is never deleted.
 * Issue 17: members follow threads (reply mails) and see which threads hold posts they have not read.
 * Issue 37: members edit their own posts and delete their own replies (forum-edits.routes.ts).
 */
export const forumsRoutes: FastifyPluginAsyncZod<{ forums: ForumsService }> = async (app, opts) => {
  const service = opts.forums;
  const member = requireRole('ROLE_USER');
  const admin = requireRole('ROLE_ADMIN');

  for (const url of [FORUM_API.list, `${FORUM_API.list}/`]) {
    app.route({
      method: 'GET',
      url,
      onRequest: member,
      schema: {
        tags,
        hide: url.endsWith('/'),
        description:
          'Every forum by name, with `threadCount`, `postCount`, `lastActivity` (time of the newest post, ' +
          `null without threads) and \`unreadThreads\` (its threads with posts the member has not seen). ${UNREAD}`,
        response: { 200: z.array(ZForumSummary), ...ROUTE_ERRORS },
      },
      handler: (request) => service.listForums(principalOf(request)),
    });
  }

  // A static path: it wins over /api/forum/:id whatever the order of registration.
  app.route({
    method: 'GET',
    url: FORUM_API.unread,
    onRequest: member,
    schema: {
      tags,
      description:
        "The dashboard's 'Neu im Forum': `threads`, the number of threads in all forums with posts the member " +
        `has not seen. ${UNREAD}`,
      response: { 200: ZForumUnread, ...ROUTE_ERRORS },
    },
    handler: (request) => service.unread(principalOf(request)),
  });

  app.route({
    method: 'GET',
    url: FORUM_API.byId.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      querystring: ZForumQuery,
      description:
        'The forum (as in the list) with one page of its `threads`, newest activity first: `page` 1-based, ' +
        `\`pageSize\` default ${FORUM_THREADS_PAGE_SIZE} (max ${FORUM_PAGE_SIZE_MAX}); \`threadCount\` counts ` +
        'all. Each thread: `author`, `createdAt`, `postCount`, `replyCount` (posts − 1), `lastReply` ' +
        '`{ createdAt, author }` (null without replies), `lastActivity` and `unread` (the posts the member has ' +
        `not seen, 0 when read). ${UNREAD}`,
      response: { 200: ZForum, ...ROUTE_ERRORS },
    },
    handler: (request) => service.forum(principalOf(request), request.params.id, request.query),
  });

  app.route({
    method: 'POST',
    url: FORUM_API.save,
    onRequest: admin,
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Form field `forum`: JSON `{ id?, name, description }`; without `id` a new forum. `description` is rich ' +
        "text. Returns the forum as in the list (`unreadThreads` the admin's own).",
      body: ZSaveForumBody,
      response: { 200: ZForumSummary, ...ROUTE_ERRORS },
    },
    handler: (request) => service.saveForum(request.body.forum, principalOf(request)),
  });

  app.route({
    method: 'DELETE',
    url: FORUM_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZForumIdParams,
      description:
        "Deletes the forum with all its threads, posts, attachments and the members' read markers.",
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.deleteForum(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: FORUM_API.thread.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      querystring: ZForumThreadQuery,
      description:
        'The thread and one page of its `posts`, oldest first: `page` 1-based, `last`, or `unread` (the page of ' +
        'the first post the member has not seen; the last page when every post is read), `pageSize` default ' +
        `${FORUM_POSTS_PAGE_SIZE} (max ${FORUM_PAGE_SIZE_MAX}); \`postCount\` counts all posts, \`pageCount\` the ` +
        'pages (≥ 1). A long thread never travels whole. Each post: `author` (null once the user is deleted), ' +
        '`first` (the undeletable first post), `forumPostMedia` (all attachments), `forumPostMediaImages`, ' +
        '`forumPostMediaFiles`; `filePath` and `fileThumbnailPath` are signed URLs that expire. `following`: ' +
        'whether the member gets reply mails; `unread` and `firstUnreadPostId` (null without): the posts the ' +
        `member had not seen before this request. ${UNREAD} The request marks the whole thread read for the ` +
        'member, and a reply mail can reach them again.',
      response: { 200: ZForumThread, ...ROUTE_ERRORS },
    },
    handler: (request) => service.thread(principalOf(request), request.params.id, request.query),
  });

  app.route({
    method: 'PUT',
    url: FORUM_API.follow.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      body: ZForumFollowInput,
      description:
        'JSON `{ following }`: the member follows the thread or stops. A follower gets one mail when someone ' +
        'else replies, and no further one until they open the thread again (unless they turned forum reply ' +
        'mails off in their notification settings). Starting a thread or replying makes the author follow it ' +
        'until they choose here. Answers `{ following }`.',
      response: { 200: ZForumFollow, ...ROUTE_ERRORS },
    },
    handler: (request) => service.follow(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'POST',
    url: FORUM_API.saveThread,
    onRequest: member,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart: `forumThread` (JSON `{ name, content }`: the thread name and the content of its first ' +
        `post), \`forumId\`. ${MEDIA} Returns the new thread's first page (as GET /api/forumThread/{id}); the ` +
        'author follows the thread.',
      body: withPostMedia(ZSaveForumThreadFields.shape),
      response: { 200: ZForumThread, ...ROUTE_ERRORS, ...uploadErrors },
    },
    handler: (request) =>
      service.createThread(
        principalOf(request),
        request.body.forumId,
        request.body.forumThread,
        request.body.forumPostMedia,
      ),
  });

  app.route({
    method: 'DELETE',
    url: FORUM_API.thread.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZForumIdParams,
      description: "Deletes the thread with all its posts, attachments and the members' read markers.",
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.deleteThread(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: FORUM_API.savePost,
    onRequest: member,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        `Multipart: \`forumPost\` (JSON \`{ content }\`), \`forumThreadId\`. ${MEDIA} Returns the post. The ` +
        'author follows the thread unless they chose otherwise and has read it up to the post; every other ' +
        'follower not mailed since they last opened the thread gets one German mail (with List-Unsubscribe).',
      body: withPostMedia(ZSaveForumPostFields.shape),
      response: { 200: ZForumPost, ...ROUTE_ERRORS, ...uploadErrors },
    },
    handler: (request) =>
      service.createPost(
        principalOf(request),
        request.body.forumThreadId,
        request.body.forumPost,
        request.body.forumPostMedia,
      ),
  });

  app.route({
    method: 'DELETE',
    url: FORUM_API.post.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      description:
        'An admin deletes a reply and its attachments. A member deletes only their own reply (else 403): it ' +
        "stays in place as 'Beitrag gelöscht' (`deleted: true`, no text, attachments, versions or reactions), " +
        "the thread's counts unchanged; deleting it again answers 204 and changes nothing. 409 for the first " +
        'post of a thread.',
      response: { 204: z.null(), ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) => {
      await service.deletePost(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  // issue 37: edits, versions and thread titles
  await app.register(forumEditsRoutes, opts);
};
