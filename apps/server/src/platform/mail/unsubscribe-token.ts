import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, NOTIFICATIONS_API, type TNotificationKind } from '@portal/contract';

/** What an unsubscribe link stands for: one kind of mail of one member, at one version of their settings. */
interface UnsubscribeClaim {
  userId: number;
  kind: TNotificationKind;
  /** notification_settings.version when the mail was queued: the link is spent once the settings change. */
  version: number;
}

/**
 * Signs and reads the tokens of one-click unsubscribe links (RFC 8058). The token carries its claim in the
 * clear and an HMAC of it; a link is no login, so it can only turn one kind of mail off and nothing else.
 */
export interface UnsubscribeTokens {
  sign(claim: UnsubscribeClaim): string;
  /** the claim of a well-formed token with a valid signature, else null (the version is the caller's check). */
  verify(token: string): UnsubscribeClaim | null;
  /** the absolute address for a mail's List-Unsubscribe header and its text. */
  url(claim: UnsubscribeClaim): string;
}

export function createUnsubscribeTokens(secret: string, publicUrl: string): UnsubscribeTokens {
  const mac = (payload: string) => createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest();
  const tokens: UnsubscribeTokens = {
    sign(claim) {
      const payload = `${claim.userId}.${claim.kind}.${claim.version}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return null;
      const payload = Buffer.from(encoded, 'base64url').toString();
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const match = /^([1-9]\d{0,15})\.([A-Za-z]+)\.(\d{1,15})$/.exec(payload);
      const [, userId, kind, version] = match ?? [];
      if (!userId || !kind || !version || !isNotificationKind(kind)) return null;
      return {
        userId: Number(userId),
        kind,
        version: Number(version),
      };
    },
    url(claim) {
      return `${publicUrl}${NOTIFICATIONS_API.unsubscribe}?token=${tokens.sign(claim)}`;
    },
  };
  return tokens;
}
