import type { TNotificationKind } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { UnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createNotificationSettingsRepository } from './notification-settings.repository.ts';

/**
 * What an unsubscribe link stands for now: `invalid` (forged or malformed), `spent` (used, the settings
 * changed since, or the member is gone), or good for turning `kind` off.
 */
export type UnsubscribeLink =
  | { state: 'invalid' }
  | { state: 'spent' }
  | { state: 'valid'; kind: TNotificationKind };

export interface UnsubscribeDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'principal'>;
  tokens: UnsubscribeTokens;
}

/** The one-click unsubscribe links of notification mails (RFC 8058): good once per version of the settings. */
export function createUnsubscribeService(deps: UnsubscribeDeps) {
  const repo = createNotificationSettingsRepository(deps.db);

  /**
   * The link's claim while it is current: signed by us (checked before anyone is looked up), for a member who
   * exists, for the address they have now, at their settings' version. A link to an address the member no
   * longer has counts as invalid.
   */
  async function current(token: string) {
    const claim = deps.tokens.verify(token);
    if (!claim) return { state: 'invalid' } as const;
    const member = await deps.accounts.principal(claim.userId);
    if (!member) return { state: 'spent' } as const;
    if (!deps.tokens.forAddress(claim, member.email ?? '')) return { state: 'invalid' } as const;
    const version = (await repo.find(claim.userId))?.version ?? 0;
    return version === claim.version ? ({ state: 'valid', claim } as const) : ({ state: 'spent' } as const);
  }

  return {
    /** What the link's page shows; changes nothing (link scanners open every GET). */
    async inspect(token: string): Promise<UnsubscribeLink> {
      const link = await current(token);
      return link.state === 'valid' ? { state: 'valid', kind: link.claim.kind } : link;
    },

    /** Turns the link's kind of mail off and spends the link; a second use, also at the same moment, finds it spent. */
    async unsubscribe(token: string): Promise<UnsubscribeLink> {
      const link = await current(token);
      if (link.state !== 'valid') return link;
      const { userId, kind, version } = link.claim;
      const now = new Date();
      await repo.ensure(userId, now);
      return (await repo.turnOff(userId, kind, version, now)) ? { state: 'valid', kind } : { state: 'spent' };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
