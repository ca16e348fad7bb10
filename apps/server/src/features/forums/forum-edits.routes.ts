import {
  CONVERSATION_API,
  FORUM_MESSAGES,
  FORUM_POST_MEDIA_MAX,
  ZApiError,
  ZForumIdParams,
  ZForumPost,
  ZForumPostEditFields,
  ZForumPostEditJson,
  ZForumPostVersions,
  ZForumThreadRename,
  ZForumThreadRenamed,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { ForumsService } from './forums.service.ts';
import { withPostMedia } from './post-media.ts';

const tags = ['forums'];

/**
 * The edit's body, multipart as the create's (`forumPost` JSON, `removeMedia` JSON, `forumPostMedia[i]`) or
 * JSON (`{ content, name?, removeMedia? }`): one schema for both, told apart by `forumPost`.
 */
const ZPostEditBody = withPostMedia({
  forumPost: ZForumPostEditFields.shape.forumPost.optional(),
  removeMedia: ZForumPostEditFields.shape.removeMedia,
  content: ZForumPostEditJson.shape.content.optional(),
  name: ZForumPostEditJson.shape.name,
}).transform((body, ctx) => {
  const multipart = body.forumPost !== undefined;
  const post =
    body.forumPost ?? (body.content === undefined ? undefined : { content: body.content, name: body.name });
  if (!post) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: FORUM_MESSAGES.contentRequired });
    return z.NEVER;
  }
  return {
    content: post.content,
    name: post.name,
    removeMedia: body.removeMedia ?? [],
    uploads: body.forumPostMedia,
    fields: multipart ? 'forumPost.' : '',
  };
});

/** Issue 37: members edit their posts and titles and delete their replies; the versions of a post. */
export const forumEditsRoutes: FastifyPluginAsyncZod<{ forums: ForumsService }> = async (app, opts) => {
  const service = opts.forums;
  const member = requireRole('ROLE_USER');

  app.route({
    method: 'PUT',
    url: CONVERSATION_API.post.pattern,
    onRequest: member,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data', 'application/json'],
      params: ZForumIdParams,
      description:
        "The post's author or an admin (else 403) changes the post. Multipart as the create: `forumPost` (JSON " +
        "`{ content, name? }`), `removeMedia` (JSON array of ids of the post's attachments to drop), new files " +
        '`forumPostMedia[0]`, `forumPostMedia[1]`, … (PNG, JPEG or PDF by content, else 415 and nothing is ' +
        'stored); or JSON `{ content, name?, removeMedia? }`. The attachments kept and added count together, at ' +
        `most ${FORUM_POST_MEDIA_MAX}. The content is sanitised as the create's; \`name\` renames the thread and ` +
        "belongs to a thread's first post only (400 otherwise). Every edit keeps the earlier text as a version " +
        '(GET …/versions); an edit that changes nothing stores nothing. 409 for a reply deleted by its author. ' +
        "An admin's edit of another member's post is audited (`forumPost.edit`, `thread.rename`). Answers the " +
        'post with `editedAt` and `versionCount`.',
      body: ZPostEditBody,
      response: { 200: ZForumPost, ...ROUTE_ERRORS, 409: ZApiError, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => service.editPost(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'GET',
    url: CONVERSATION_API.versions.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      description:
        "The post's versions, oldest first, the current text last: `number`, `createdAt`, `editor` (the author " +
        "or an admin who edited; null once that member was erased: 'Ehemaliges Mitglied'), `content` and " +
        "`name` (the thread's title with a first post's version, else null). A post never edited has one. 404 " +
        'for a reply deleted by its author (its versions went with its text).',
      response: { 200: ZForumPostVersions, ...ROUTE_ERRORS },
    },
    handler: (request) => service.postVersions(request.params.id),
  });

  app.route({
    method: 'PUT',
    url: CONVERSATION_API.thread.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      body: ZForumThreadRename,
      description:
        "JSON `{ name }`: the thread's author or an admin (else 403) renames the thread. Kept as a version of " +
        'its first post, like an edit; answers `{ id, name }`.',
      response: { 200: ZForumThreadRenamed, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.renameThread(principalOf(request), request.params.id, request.body.name),
  });
};
