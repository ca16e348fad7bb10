import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isDigestFrequency,
  type TNotificationKind,
  type TNotificationSettings,
  type TNotificationSettingsInput,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export interface StoredNotificationSettings extends TNotificationSettings {
  /** raised with every change: unsubscribe links signed for an older version are spent */
  version: number;
}

/** Each kind of mail as the member turns it off. */
const TURNED_OFF = {
  forumReplies: { forumReplies: false },
  digest: { digest: 'never' },
  mentions: { mentions: false },
} as const satisfies Record<TNotificationKind, Partial<TNotificationSettings>>;

/** notification_settings: one row per member who has changed anything; a missing row means the defaults. */
export function createNotificationSettingsRepository(db: Kysely<DB>) {
  return {
    async find(userId: number): Promise<StoredNotificationSettings | undefined> {
      const row = await db
        .selectFrom('notificationSettings')
        .select(['forumReplies', 'digest', 'mentions', 'version'])
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        forumReplies: row.forumReplies,
        digest: isDigestFrequency(row.digest) ? row.digest : DEFAULT_NOTIFICATION_SETTINGS.digest,
        mentions: row.mentions,
        version: row.version,
      };
    },

    /**
     * Writes the settings in one statement and raises the version (from 0, the missing row's, to 1). A digest
     * turned on again starts from now, so the next one does not gather everything since the last. `mentions`
     * left out stays as it is (the default for a new row).
     */
    async save(userId: number, settings: TNotificationSettingsInput, now: Date): Promise<void> {
      const { mentions } = settings;
      await db
        .insertInto('notificationSettings')
        .values({
          userId,
          forumReplies: settings.forumReplies,
          digest: settings.digest,
          mentions: mentions ?? DEFAULT_NOTIFICATION_SETTINGS.mentions,
          version: 1,
          updatedAt: now,
        })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet((eb) => ({
            forumReplies: eb.ref('excluded.forumReplies'),
            digest: eb.ref('excluded.digest'),
            ...(mentions === undefined ? {} : { mentions: eb.ref('excluded.mentions') }),
            digestUntil: eb
              .case()
              .when(
                eb.and([
                  eb('notificationSettings.digest', '=', 'never'),
                  eb('excluded.digest', '!=', 'never'),
                ]),
              )
              .then(eb.ref('excluded.updatedAt'))
              .else(eb.ref('notificationSettings.digestUntil'))
              .end(),
            version: eb('notificationSettings.version', '+', 1),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute();
    },

    /** The row of the defaults (version 0) unless the member has one. */
    async ensure(userId: number, now: Date): Promise<void> {
      await db
        .insertInto('notificationSettings')
        .values({ userId, ...DEFAULT_NOTIFICATION_SETTINGS, version: 0, updatedAt: now })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    },

    /**
     * Turns one kind of mail off and raises the version, only while the version is still `version`: of two
     * uses of one link at once, one changes the row and the other finds it changed (false).
     */
    async turnOff(userId: number, kind: TNotificationKind, version: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('notificationSettings')
        .set((eb) => ({ ...TURNED_OFF[kind], version: eb('version', '+', 1), updatedAt: now }))
        .where('userId', '=', userId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
