/**
 * The search's synonym list (issue 33 point 3), edited by admins under 'Verwaltung': groups of terms a search
 * treats as one. A term belongs to one group at most (its folded key is unique); every change is audited.
 */
import { SYNONYM_MESSAGES, type TSearchSynonym, type ZSearchSynonymInput } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { changedFields, recordAudit, removedFields } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { createSynonymsRepository, type SynonymGroup, synonymKey } from './synonyms.repository.ts';

type SynonymInput = z.output<typeof ZSearchSynonymInput>;

export interface SynonymsDeps {
  db: Kysely<DB>;
  /** the clock of `updatedAt` (tests may set it) */
  now?: (() => Date) | undefined;
}

const present = (group: SynonymGroup): TSearchSynonym => ({
  id: group.id,
  terms: group.terms,
  updatedAt: group.updatedAt.toISOString(),
});

const label = (terms: readonly string[]) => terms.join(', ');
const groupNotFound = () => notFound(SYNONYM_MESSAGES.notFound);

/** A 400 naming each refused term at its place in the list (`terms.2`), the first one as the detail. */
function refusal(messages: ReadonlyMap<number, string>) {
  const errors = Object.fromEntries([...messages].map(([index, message]) => [`terms.${index}`, message]));
  return badRequest([...messages.values()][0] ?? SYNONYM_MESSAGES.termsInvalid, errors);
}

export function createSynonymsService(deps: SynonymsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const synonyms = createSynonymsRepository(db);

  /**
   * Refuses terms that fold to the same key within the group (`Wärme` and `Waerme`) or that another group
   * holds, naming that group. Runs in the transaction of the write, and again after a write that met a key
   * another admin wrote meanwhile.
   */
  async function refuseTakenTerms(trx: Executor, terms: readonly string[], exceptId?: number): Promise<void> {
    const messages = new Map<number, string>();
    const firstOf = new Map<string, number>();
    terms.forEach((term, index) => {
      const key = synonymKey(term);
      if (firstOf.has(key)) messages.set(index, SYNONYM_MESSAGES.termTwice(term));
      else firstOf.set(key, index);
    });
    const holders = await synonyms.holdersOf(trx, [...firstOf.keys()], exceptId);
    for (const holder of holders) {
      const index = firstOf.get(holder.termKey);
      const group = await synonyms.byId(trx, holder.synonymId);
      if (index === undefined || !group) continue;
      messages.set(index, SYNONYM_MESSAGES.termTaken(terms[index] ?? holder.termKey, group.terms));
    }
    if (messages.size > 0) throw refusal(new Map([...messages].sort(([a], [b]) => a - b)));
  }

  /**
   * Writes the group's terms. A key that another admin's group took after the check (their transaction
   * committed while ours waited) is not written: refused as taken, and the transaction rolls back.
   */
  async function writeTerms(trx: Executor, id: number, terms: readonly string[]): Promise<void> {
    if ((await synonyms.insertTerms(trx, id, terms)) === terms.length) return;
    await refuseTakenTerms(trx, terms, id);
    throw badRequest(SYNONYM_MESSAGES.termsInvalid);
  }

  async function get(id: number): Promise<TSearchSynonym> {
    const group = await synonyms.byId(db, id);
    if (!group) throw groupNotFound();
    return present(group);
  }

  return {
    async list(): Promise<TSearchSynonym[]> {
      return (await synonyms.list()).map(present);
    },

    async create(actor: Principal, input: SynonymInput): Promise<TSearchSynonym> {
      const id = await db.transaction().execute(async (trx) => {
        await refuseTakenTerms(trx, input.terms);
        const at = now();
        const created = await synonyms.insertGroup(trx, at);
        await writeTerms(trx, created, input.terms);
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'searchSynonym.create',
          subjectType: 'searchSynonym',
          subjectId: created,
          subjectLabel: label(input.terms),
          changes: changedFields(null, { terms: input.terms }, ['terms']),
          at,
        });
        return created;
      });
      return get(id);
    },

    /** The group's terms as given; records before → after (nothing when nothing changed). */
    async update(actor: Principal, id: number, input: SynonymInput): Promise<TSearchSynonym> {
      await db.transaction().execute(async (trx) => {
        if (!(await synonyms.lock(trx, id))) throw groupNotFound();
        const before = await synonyms.byId(trx, id);
        if (!before) throw groupNotFound();
        const changes = changedFields({ terms: before.terms }, { terms: input.terms }, ['terms']);
        if (!changes) return;
        await refuseTakenTerms(trx, input.terms, id);
        const at = now();
        await synonyms.deleteTerms(trx, id);
        await writeTerms(trx, id, input.terms);
        await synonyms.touch(trx, id, at);
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'searchSynonym.update',
          subjectType: 'searchSynonym',
          subjectId: id,
          subjectLabel: label(input.terms),
          changes,
          at,
        });
      });
      return get(id);
    },

    async delete(actor: Principal, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await synonyms.lock(trx, id))) throw groupNotFound();
        const group = await synonyms.byId(trx, id);
        if (!group) throw groupNotFound();
        await synonyms.delete(trx, id);
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'searchSynonym.delete',
          subjectType: 'searchSynonym',
          subjectId: id,
          subjectLabel: label(group.terms),
          changes: removedFields({ terms: group.terms }, ['terms']),
        });
      });
    },
  };
}

export type SynonymsService = ReturnType<typeof createSynonymsService>;
