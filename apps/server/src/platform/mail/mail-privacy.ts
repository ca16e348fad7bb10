/** What the mail outbox keeps about a member, as erasure (GDPR, issue 18) deletes it: the mails to them. */
import { deletedRows, type PrivacyPart } from '../registry/privacy-part.ts';

export const mailPrivacy: PrivacyPart = {
  erases: ['mailOutbox'],
  /** The mails to their address, unless another member has the same address: then they are that member's too. */
  async erase(trx, member) {
    const { email } = member;
    if (email === null || email.trim() === '' || member.addressShared) return [{ field: 'mails', count: 0 }];
    const result = await trx
      .deleteFrom('mailOutbox')
      .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase()))
      .executeTakeFirst();
    return [{ field: 'mails', count: deletedRows(result) }];
  },
};
