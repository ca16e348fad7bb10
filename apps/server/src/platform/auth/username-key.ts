/**
 * How usernames are compared (issue 30, decision 0116). The key is unique in `users.username_key`; the
 * accounts feature, the admins' forms and migration 0022 all compute it here.
 */
import { ERASED_MEMBER_NAME } from '@portal/contract';

/**
 * What a key leaves out: Unicode's default-ignorable code points (zero-width characters, bidi marks, soft
 * hyphen, joiners) and control characters.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

/** Longest key: the column is varchar(100), and NFKC may lengthen a name ('㈱' is '(株)'). */
const KEY_MAX_LENGTH = 100;

/**
 * The key two usernames are compared by: compatibility forms folded (NFKC: 'ａｄｍｉｎ' is 'admin'), invisible
 * characters dropped ('ad\u200Bmin'), blanks collapsed to one space, lower case.
 */
export function usernameKey(username: string): string {
  return username
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .normalize('NFKC')
    .slice(0, KEY_MAX_LENGTH);
}

/**
 * Whether two names of one key are spelt the same but for letter case (what the key was before issue 30):
 * then they are one account for the website's login; otherwise one only looks like the other.
 */
export function spelledAlike(a: string, b: string): boolean {
  const plain = (name: string) => name.normalize('NFC').trim().toLowerCase();
  return plain(a) === plain(b);
}

const RESERVED_KEY = usernameKey(ERASED_MEMBER_NAME);

/** 'Ehemaliges Mitglied' in any spelling: the name erased members get (decision 0086), nobody else's. */
export function isReservedUsername(username: string): boolean {
  return usernameKey(username) === RESERVED_KEY;
}
