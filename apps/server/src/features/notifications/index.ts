/** The notifications feature as app.ts sees it (issue 17). */

export { createDigestRunner } from './digest.ts';
export {
  createDigestScheduler,
  DIGEST_JOB,
  type DigestScheduler,
  type DigestSchedulerOptions,
  type DigestSchedulerRun,
} from './digest-scheduler.ts';
export { notificationsFeature } from './feature.ts';
export { forumReplyRecipients, mentionRecipients } from './forum-reply-recipients.ts';
export { notificationSettingsRoutes } from './notification-settings.routes.ts';
export { createNotificationSettingsService } from './notification-settings.service.ts';
export { unsubscribeRoutes } from './unsubscribe.routes.ts';
export { createUnsubscribeService } from './unsubscribe.service.ts';
