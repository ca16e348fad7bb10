/**
 * What companies keep about a member (issue 36 point 5), as privacy exports and erases it: their link to a
 * company (function, main-contact flag, phone) and their consent to be shown in the directory. Erasure
 * removes the person from the company; the company itself always stays.
 */
import { deletedRows, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

export const companiesPrivacy: PrivacyPart = {
  erases: ['companyMembers', 'directoryConsents'],
  exports: {
    async company(db, userId) {
      const [link, consent] = await Promise.all([
        db
          .selectFrom('companyMembers')
          .innerJoin('companies', 'companies.id', 'companyMembers.companyId')
          .select([
            'companies.id',
            'companies.name',
            'companyMembers.function',
            'companyMembers.mainContact',
            'companyMembers.phone',
          ])
          .where('companyMembers.userId', '=', userId)
          .executeTakeFirst(),
        db.selectFrom('directoryConsents').select('agreedAt').where('userId', '=', userId).executeTakeFirst(),
      ]);
      return {
        companyId: link?.id ?? null,
        company: link?.name ?? null,
        function: link?.function ?? null,
        mainContact: link?.mainContact ?? false,
        phone: link?.phone ?? null,
        showInDirectory: consent !== undefined,
      };
    },
  },
  // the person's photo (issue 36 point 6): accounts clears its key on the row, the file goes after the commit
  async files(trx, member) {
    const row = await trx
      .selectFrom('users')
      .select('photoKey')
      .where('id', '=', member.id)
      .executeTakeFirst();
    return [row?.photoKey ?? null];
  },
  async erase(trx, member) {
    const links = deletedRows(
      await trx.deleteFrom('companyMembers').where('userId', '=', member.id).executeTakeFirst(),
    );
    await trx.deleteFrom('directoryConsents').where('userId', '=', member.id).execute();
    return [{ field: 'companyLink', count: links }];
  },
};
