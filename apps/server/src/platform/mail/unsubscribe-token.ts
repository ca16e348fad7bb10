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
 * clear and an HMAC of it and of the address the mail went to: a link is no login, so it can only turn one
 * kind of mail off, and only while the member still has that address.
 */
export interface UnsubscribeTokens {
  sign(claim: UnsubscribeClaim, email: string): string;
  /** the claim a well-formed token states, signature unchecked: whose address to check it against */
  read(token: string): UnsubscribeClaim | null;
  /** the claim of a well-formed token signed for `email`, else null (the version is the caller's check) */
  verify(token: string, email: string): UnsubscribeClaim | null;
  /** the absolute address for a mail's List-Unsubscribe header and its text */
  url(claim: UnsubscribeClaim, email: string): string;
}

const address = (email: string) => email.trim().toLowerCase();

export function createUnsubscribeTokens(secret: string, publicUrl: string): UnsubscribeTokens {
  const mac = (payload: string, email: string) =>
    createHmac('sha256', `unsubscribe:${secret}`)
      .update(`${payload}\n${address(email)}`)
      .digest();

  /** The token's parts: its claim (if well-formed), the payload text and the signature bytes. */
  function parse(token: string) {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return null;
    const payload = Buffer.from(encoded, 'base64url').toString();
    const match = /^([1-9]\d{0,15})\.([A-Za-z]+)\.(\d{1,15})$/.exec(payload);
    const [, userId, kind, version] = match ?? [];
    if (!userId || !kind || !version || !isNotificationKind(kind)) return null;
    const claim: UnsubscribeClaim = { userId: Number(userId), kind, version: Number(version) };
    return { claim, payload, signature: Buffer.from(signature, 'base64url') };
  }

  const tokens: UnsubscribeTokens = {
    sign(claim, email) {
      const payload = `${claim.userId}.${claim.kind}.${claim.version}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload, email).toString('base64url')}`;
    },
    read(token) {
      return parse(token)?.claim ?? null;
    },
    verify(token, email) {
      const parts = parse(token);
      if (!parts) return null;
      const expected = mac(parts.payload, email);
      const given = parts.signature;
      return given.length === expected.length && timingSafeEqual(given, expected) ? parts.claim : null;
    },
    url(claim, email) {
      return `${publicUrl}${NOTIFICATIONS_API.unsubscribe}?token=${tokens.sign(claim, email)}`;
    },
  };
  return tokens;
}
