import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationSettings,
  type TNotificationSettingsInput,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { createNotificationSettingsRepository } from './notification-settings.repository.ts';

/** A member's notification settings: the defaults until they save their own. */
export function createNotificationSettingsService(db: Kysely<DB>) {
  const repo = createNotificationSettingsRepository(db);

  async function settings(userId: number): Promise<TNotificationSettings> {
    const stored = await repo.find(userId);
    return stored
      ? { forumReplies: stored.forumReplies, digest: stored.digest, mentions: stored.mentions }
      : DEFAULT_NOTIFICATION_SETTINGS;
  }

  return {
    settings,

    /**
     * Stores the settings (`mentions` left out: unchanged); every save raises the version, so links in mails
     * sent before are spent.
     */
    async save(userId: number, input: TNotificationSettingsInput): Promise<TNotificationSettings> {
      await repo.save(userId, input, new Date());
      return settings(userId);
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
