/**
 * People (issue 36 point 6, decision 0179): a person's page for members (name, company, function, photo, and
 * e-mail and phone only with their directory consent) and each member's own photo. Part of the companies
 * feature, which keeps the company link and the consent the page is made of.
 */
import { PEOPLE_MESSAGES, personName, type TPerson } from '@portal/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { prepareSquarePicture } from '../../platform/uploads/picture.ts';

export function createPeopleService(deps: { db: Kysely<DB>; storage: FileStore; signer: UrlSigner }) {
  const { db, storage, signer } = deps;
  const photoUrl = (key: string | null) => (key ? signer.sign(key) : null);

  async function savePhoto(principal: Principal, key: string | null, trx: Executor) {
    const before = await trx
      .selectFrom('users')
      .select('photoKey')
      .where('id', '=', principal.id)
      .where('erasedAt', 'is', null)
      .executeTakeFirst();
    if (!before) throw notFound(PEOPLE_MESSAGES.notFound);
    await trx.updateTable('users').set({ photoKey: key }).where('id', '=', principal.id).execute();
    await recordAudit(trx, {
      actorId: principal.id,
      kind: 'member.contact',
      subjectType: 'member',
      subjectId: principal.id,
      changes: { photo: { before: before.photoKey ? '…' : null, after: key ? '…' : null } },
    });
    return before.photoKey;
  }

  return {
    async person(id: number): Promise<TPerson> {
      const row = await db
        .selectFrom('users')
        .leftJoin('companyMembers', 'companyMembers.userId', 'users.id')
        .leftJoin('companies', 'companies.id', 'companyMembers.companyId')
        .leftJoin('directoryConsents', 'directoryConsents.userId', 'users.id')
        .select([
          'users.id',
          'users.username',
          'users.firstName',
          'users.lastName',
          'users.email',
          'users.photoKey',
          'companies.id as companyId',
          'companies.name as companyName',
          'companyMembers.function',
          'companyMembers.phone',
          'directoryConsents.agreedAt',
        ])
        .where('users.id', '=', id)
        .where('users.erasedAt', 'is', null)
        .executeTakeFirst();
      if (!row) throw notFound(PEOPLE_MESSAGES.notFound);
      const consented = row.agreedAt !== null;
      return {
        id: row.id,
        username: row.username,
        name: personName(row),
        firstName: row.firstName,
        lastName: row.lastName,
        photo: photoUrl(row.photoKey),
        company:
          row.companyId !== null && row.companyName !== null
            ? { id: row.companyId, name: row.companyName }
            : null,
        function: row.function,
        // what the person did not agree to show never leaves the server
        email: consented ? row.email : null,
        phone: consented ? row.phone : null,
      };
    },

    /** The caller's photo: a square JPEG without metadata; the old file goes once the new one is saved. */
    async setPhoto(
      principal: Principal,
      upload: UploadedFile | undefined,
    ): Promise<{ photo: string | null }> {
      if (!upload) throw badRequest(PEOPLE_MESSAGES.photoRequired, { photo: PEOPLE_MESSAGES.photoRequired });
      const photo = await prepareSquarePicture(upload, 'person', PEOPLE_MESSAGES.photoType);
      await storage.commit([photo], async (trx) => ({
        result: undefined,
        replaced: [await savePhoto(principal, photo.key, trx)],
      }));
      return { photo: photoUrl(photo.key) };
    },

    async removePhoto(principal: Principal): Promise<void> {
      const old = await db.transaction().execute((trx) => savePhoto(principal, null, trx));
      await storage.discard([old]);
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
