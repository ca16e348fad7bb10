/** The forums feature as app.ts, the CLI and other features see it. */

export { forumsFeature } from './feature.ts';
export type { ReplyMailRecipients } from './forum-reply-mails.ts';
export { forumsRoutes } from './forums.routes.ts';
export {
  createForumsService,
  type ForumsFeatureDeps,
  type PostWritten,
  type PostWrittenListener,
} from './forums.service.ts';
