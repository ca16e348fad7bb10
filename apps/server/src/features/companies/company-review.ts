/**
 * From the members' company texts to companies (issue 36 point 1, decision 0170): the proposals group members
 * not yet linked to a company by their text's name key (case, umlauts and blanks folded), with every spelling
 * found. Nothing is created until an admin applies the reviewed proposals: accept, rename, merge into another
 * proposal or skip, all in one transaction; a proposal whose name a company has already links to it.
 */
import { COMPANY_MESSAGES, type TCompanyProposal, type ZCompanyReviewApply } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { SearchIndex } from '../search/index.ts';
import { createCompaniesRepository } from './companies.repository.ts';
import { auditCompanySave, stateOf } from './companies-audit.ts';
import { nameKey } from './company-keys.ts';

/** How many capitals and umlauts a spelling has: the more, the more carefully written. */
const capitals = (text: string) => (text.match(/[A-ZÄÖÜäöüß]/g) ?? []).length;

async function proposals(executor: Executor): Promise<TCompanyProposal[]> {
  const rows = await executor
    .selectFrom('users')
    .leftJoin('companyMembers', 'companyMembers.userId', 'users.id')
    .select(['users.id', 'users.username', 'users.company'])
    .where('users.erasedAt', 'is', null)
    .where('users.company', 'is not', null)
    .where('companyMembers.userId', 'is', null)
    .orderBy('users.usernameKey')
    .execute();
  const groups = new Map<
    string,
    { texts: Map<string, number>; members: { id: number; username: string }[] }
  >();
  for (const row of rows) {
    const text = (row.company ?? '').trim().replace(/\s+/g, ' ');
    const key = nameKey(text);
    if (key === '') continue;
    const group = groups.get(key) ?? {
      texts: new Map<string, number>(),
      members: [] as { id: number; username: string }[],
    };
    group.texts.set(text, (group.texts.get(text) ?? 0) + 1);
    group.members.push({ id: row.id, username: row.username });
    groups.set(key, group);
  }
  const keys = [...groups.keys()];
  const existing = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const found = await executor
      .selectFrom('companies')
      .select(['id', 'nameKey'])
      .where('nameKey', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of found) existing.set(row.nameKey, row.id);
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      const spellings = [...group.texts.entries()]
        .map(([text, count]) => ({ text, count }))
        // the most frequent spelling; of equally frequent ones a written-out one ('Böhm' before 'boehm')
        .sort(
          (a, b) =>
            b.count - a.count || capitals(b.text) - capitals(a.text) || a.text.localeCompare(b.text, 'de'),
        );
      return {
        key,
        name: spellings[0]?.text ?? key,
        spellings,
        members: group.members,
        existingId: existing.get(key) ?? null,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

export function createCompanyReview(deps: { db: Kysely<DB>; search: SearchIndex }) {
  const { db, search } = deps;
  const repo = createCompaniesRepository(db);

  return {
    proposals: () => proposals(db),

    async apply(principal: Principal, input: z.output<typeof ZCompanyReviewApply>) {
      return db.transaction().execute(async (trx) => {
        const current = new Map((await proposals(trx)).map((p) => [p.key, p]));
        const decisions = new Map(input.decisions.map((d) => [d.key, d]));
        for (const decision of input.decisions) {
          if (!current.has(decision.key)) throw badRequest(COMPANY_MESSAGES.reviewUnknown(decision.key));
          if (decision.action !== 'merge') continue;
          const target = decisions.get(decision.into);
          if (!current.has(decision.into)) throw badRequest(COMPANY_MESSAGES.reviewUnknown(decision.into));
          if (
            decision.into === decision.key ||
            !target ||
            target.action === 'skip' ||
            target.action === 'merge'
          ) {
            throw badRequest(COMPANY_MESSAGES.reviewMergeTarget(decision.key));
          }
        }
        const companyOf = new Map<string, number>();
        let created = 0;
        let linked = 0;
        const now = new Date();
        for (const decision of input.decisions) {
          if (decision.action !== 'accept' && decision.action !== 'rename') continue;
          const proposal = current.get(decision.key);
          if (!proposal) continue;
          const name = decision.action === 'rename' ? decision.name : proposal.name;
          const found = await repo.byKey(trx, nameKey(name));
          let id = found?.id;
          if (id === undefined) {
            const values = {
              name,
              street: null,
              postalCode: null,
              city: null,
              state: null,
              website: null,
              phone: null,
              email: null,
              description: null,
            };
            id = await repo.insert(trx, values, now);
            await repo.refreshSearchText(trx, [id]);
            await search.refresh(trx, { kind: 'company', id });
            await auditCompanySave(trx, principal.id, id, { before: undefined, after: stateOf(values, []) });
            created += 1;
          }
          companyOf.set(decision.key, id);
        }
        for (const decision of input.decisions) {
          if (decision.action === 'skip') continue;
          const id = companyOf.get(decision.action === 'merge' ? decision.into : decision.key);
          const proposal = current.get(decision.key);
          if (id === undefined || !proposal) continue;
          for (const member of proposal.members) {
            await repo.link(trx, id, member.id, {}, now);
            linked += 1;
          }
        }
        const skipped = input.decisions.filter((d) => d.action === 'skip').length;
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'company.review',
          subjectType: 'company',
          changes: { companies: { before: null, after: created }, members: { before: null, after: linked } },
        });
        return { created, linked, skipped };
      });
    },
  };
}

export type CompanyReview = ReturnType<typeof createCompanyReview>;
