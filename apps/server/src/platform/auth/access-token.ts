import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'portal';
const AUDIENCE = 'portal-api';

export interface AccessTokens {
  sign(userId: number): Promise<string>;
  /** the user id of a valid token, or undefined. */
  verify(token: string): Promise<number | undefined>;
}

/** Verified tokens are remembered until they expire: verifying a signature costs ~80 µs a request. */
const CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { userId: number; expiresAt: number }>();
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit.userId;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const id = Number(payload.sub);
        if (!Number.isSafeInteger(id) || id <= 0 || payload.exp === undefined) return undefined;
        if (verified.size >= CACHE_SIZE) verified.clear();
        verified.set(token, { userId: id, expiresAt: payload.exp * 1000 });
        return id;
      } catch {
        return undefined;
      }
    },
  };
}
