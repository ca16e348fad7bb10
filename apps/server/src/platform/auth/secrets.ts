import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * scrypt parameters of OWASP's password-storage guidance (N=2^17, r=8, p=1). SCRYPT_COST (log2 N, 14–20)
 * lowers the cost for test runs; every hash stores its own parameters, so any cost verifies.
 */
const PARAMS = { N: 2 ** scryptCost(process.env.SCRYPT_COST), r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

function scryptCost(value: string | undefined): number {
  const cost = Number(value ?? 17);
  if (!Number.isInteger(cost) || cost < 14 || cost > 20)
    throw new Error('SCRYPT_COST must be an integer from 14 to 20');
  return cost;
}
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(
    password.normalize('NFC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    },
  );
  return timingSafeEqual(actual, expected);
}

/**
 * A stored hash of the current cost that no password matches (random salt and key), to verify against when
 * the user is unknown, so both failures take the same time. Made without hashing, so it costs nothing to create.
 */
const DECOY = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(16).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(password, DECOY);
  return false;
}

/** A random secret of 256 bits for login links and refresh tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Login and refresh tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
