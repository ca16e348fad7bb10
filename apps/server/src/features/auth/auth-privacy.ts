/** What auth keeps about a member, as erasure (GDPR, issue 18) deletes it: sessions, tokens, password attempts. */
import { deletedRows, type PrivacyPart } from '../../platform/registry/privacy-part.ts';
import { usernameKey } from '../accounts/index.ts';

/** The kind of the password form's attempts per name (shared counter key `login-user:<usernameKey>`). */
export const LOGIN_ATTEMPTS_KIND = 'login-user';

export const authPrivacy: PrivacyPart = {
  erases: ['refreshTokens', 'sessions', 'loginTokens', 'rateLimits'],
  async erase(trx, member) {
    await trx.deleteFrom('refreshTokens').where('userId', '=', member.id).execute();
    const sessions = deletedRows(
      await trx.deleteFrom('sessions').where('userId', '=', member.id).executeTakeFirst(),
    );
    await trx.deleteFrom('loginTokens').where('userId', '=', member.id).execute();
    await trx
      .deleteFrom('rateLimits')
      .where('key', '=', `${LOGIN_ATTEMPTS_KIND}:${usernameKey(member.username)}`)
      .execute();
    return [{ field: 'sessions', count: sessions }];
  },
};
