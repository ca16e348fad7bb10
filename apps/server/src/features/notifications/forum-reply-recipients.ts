import { DEFAULT_NOTIFICATION_SETTINGS } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { ReplyMailRecipients } from '../forums/index.ts';

/** Members asked for per query: well below the bind parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

/** Which of these members have this kind of mail on, each with the settings version the unsubscribe link signs. */
function recipientsOf(kind: 'forumReplies' | 'mentions'): ReplyMailRecipients {
  return async (executor: Executor, userIds) => {
    const stored = new Map<number, { on: boolean; version: number }>();
    for (let start = 0; start < userIds.length; start += CHUNK) {
      const rows = await executor
        .selectFrom('notificationSettings')
        .select(['userId', kind, 'version'])
        .where('userId', 'in', userIds.slice(start, start + CHUNK))
        .execute();
      for (const row of rows) stored.set(row.userId, { on: row[kind], version: row.version });
    }
    const recipients = new Map<number, { version: number }>();
    for (const id of userIds) {
      const settings = stored.get(id) ?? { on: DEFAULT_NOTIFICATION_SETTINGS[kind], version: 0 };
      if (settings.on) recipients.set(id, { version: settings.version });
    }
    return recipients;
  };
}

/**
 * The forums' question before a reply mail (ForumReplyMailDeps.recipients, wired in services.ts, so that the
 * forums never read notification_settings): which of these members have forum reply mails on – no settings row
 * means the defaults (on) at version 0 – each with the settings version that the unsubscribe link signs. Runs
 * on the executor of the reply's transaction.
 */
export const forumReplyRecipients: ReplyMailRecipients = recipientsOf('forumReplies');

/** The same question before a mention mail (issue 37 point 2): who has mention mails on. */
export const mentionRecipients: ReplyMailRecipients = recipientsOf('mentions');
