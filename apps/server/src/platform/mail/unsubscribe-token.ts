import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isNotificationKind,
  NOTIFICATIONS_API,
  portalAddress,
  type TNotificationKind,
} from '@portal/contract';

/** What an unsubscribe link stands for: one kind of mail of one member, at one version of their settings. */
interface UnsubscribeClaim {
  userId: number;
  kind: TNotificationKind;
  /** notification_settings.version when the mail was queued: the link is spent once the settings change. */
  version: number;
}

/** A claim as a token we signed states it, with the tag of the address the mail went to. */
interface SignedClaim extends UnsubscribeClaim {
  addressTag: string;
}

/**
 * Signs and reads the tokens of one-click unsubscribe links (RFC 8058). The token carries its claim and a tag
 * of the address the mail went to in the clear, and an HMAC of both: a link is no login, so it can only turn
 * one kind of mail off, and only while the member still has that address. The signature is checked before
 * anyone is looked up, so a forged link tells nothing about who exists (issue 30).
 */
export interface UnsubscribeTokens {
  sign(claim: UnsubscribeClaim, email: string): string;
  /** the claim of a token we signed, read strictly; null for anything else (no lookup needed) */
  verify(token: string): SignedClaim | null;
  /** whether a signed claim was made for this address */
  forAddress(claim: SignedClaim, email: string): boolean;
  /** the absolute address for a mail's List-Unsubscribe header and its text */
  url(claim: UnsubscribeClaim, email: string): string;
}

const address = (email: string) => email.trim().toLowerCase();
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const CLAIM = /^([1-9]\d{0,15})\.([A-Za-z]+)\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/;

/** The bytes of canonical unpadded base64url text; null for any other text (Node's decoder skips what it cannot read). */
function strictBase64url(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

export function createUnsubscribeTokens(secret: string, publicUrl: string): UnsubscribeTokens {
  const hmac = (purpose: string, text: string) =>
    createHmac('sha256', `unsubscribe:${secret}`).update(`${purpose}\n${text}`).digest();
  /** 16 bytes of an HMAC of the address: the token names it without showing it */
  const tagOf = (email: string) => hmac('address', address(email)).subarray(0, 16).toString('base64url');

  const tokens: UnsubscribeTokens = {
    sign(claim, email) {
      const payload = `${claim.userId}.${claim.kind}.${claim.version}.${tagOf(email)}`;
      return `${Buffer.from(payload).toString('base64url')}.${hmac('claim', payload).toString('base64url')}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 2) return null;
      const [encoded = '', signed = ''] = parts;
      const payloadBytes = strictBase64url(encoded);
      const signature = strictBase64url(signed);
      if (!payloadBytes || !signature) return null;
      const payload = payloadBytes.toString('latin1');
      const expected = hmac('claim', payload);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
      const [, userId, kind, version, addressTag] = CLAIM.exec(payload) ?? [];
      if (!userId || !kind || !version || !addressTag || !isNotificationKind(kind)) return null;
      return { userId: Number(userId), kind, version: Number(version), addressTag };
    },
    forAddress(claim, email) {
      const given = Buffer.from(claim.addressTag);
      const expected = Buffer.from(tagOf(email));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    url(claim, email) {
      return portalAddress(`${NOTIFICATIONS_API.unsubscribe}?token=${tokens.sign(claim, email)}`, publicUrl);
    },
  };
  return tokens;
}
