import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'portal';
const AUDIENCE = 'portal-api';

/** Who a valid access token speaks for, and in which login session (refresh-token family). */
interface TokenSubject {
  userId: number;
  sessionId: string;
}

export interface AccessTokens {
  sign(subject: TokenSubject): Promise<string>;
  /**
   * The subject of a validly signed, unexpired token, or undefined; whether its session lives is not checked.
   * Without a promise when the token was verified before (every request asks).
   */
  verify(token: string): TokenSubject | undefined | Promise<TokenSubject | undefined>;
}

/**
 * Verified tokens are remembered until they expire: verifying a signature costs ~80 µs a request. The cache
 * only spares the signature check; the guard still asks whether the token's session has ended.
 */
const CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { subject: TokenSubject; expiresAt: number }>();
  return {
    sign: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit.subject;
        verified.delete(token);
      }
      return verifySignature(token);
    },
  };

  async function verifySignature(token: string): Promise<TokenSubject | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0 || payload.exp === undefined) return undefined;
      // Tokens without a session could not be ended by logout; none are issued any more.
      if (typeof sessionId !== 'string' || sessionId === '') return undefined;
      const subject = { userId, sessionId };
      if (verified.size >= CACHE_SIZE) verified.clear();
      verified.set(token, { subject, expiresAt: payload.exp * 1000 });
      return subject;
    } catch {
      return undefined;
    }
  }
}
