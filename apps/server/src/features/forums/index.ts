/** The forums feature as app.ts, the CLI and other features see it. */

export { forumsFeature } from './feature.ts';
export { createForumMentions } from './forum-mentions.ts';
export type { ReplyMailRecipients } from './forum-reply-mails.ts';
export { createReplyNotices } from './forum-reply-notices.ts';
export { forumsRoutes } from './forums.routes.ts';
export {
  createForumsService,
  type ForumsFeatureDeps,
  type PostWritten,
} from './forums.service.ts';
export { forumMentionableRoutes } from './mentionable.routes.ts';
export { createMentionable } from './mentionable.ts';
export { forumReactionsRoutes } from './reactions.routes.ts';
export { clearReactions, createForumReactions } from './reactions.service.ts';
