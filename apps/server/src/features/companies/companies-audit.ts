/**
 * What the audit log keeps of companies (issue 36 point 3): every save with its fields before → after (the
 * description only as changed), every change of a member's link, function or main-contact flag.
 */
import type { TAuditKind } from '@portal/contract';
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { CompanyRow, CompanyValues } from './companies.repository.ts';

/** A company as the log shows it: its fields, specialties by name, the logo's file name. */
export type CompanyState = {
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
  number: string | null;
  specialties: readonly string[];
  logo: string | null;
};

const FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'state',
  'website',
  'phone',
  'email',
  'description',
  'number',
  'specialties',
  'logo',
] as const;

export const COMPANY_AUDIT_KINDS: readonly TAuditKind[] = [
  'company.save',
  'company.delete',
  'company.member',
  'company.review',
  'company.import',
  'companySpecialty.save',
  'companySpecialty.delete',
];

/** `company.save` with what changed (everything given, for a new company); nothing when nothing changed. */
export async function auditCompanySave(
  trx: Executor,
  actorId: number | null,
  id: number,
  states: { before: CompanyState | undefined; after: CompanyState },
): Promise<void> {
  const changes = changedFields(states.before, states.after, FIELDS);
  if (states.before && !changes) return;
  await recordAudit(trx, {
    actorId,
    kind: 'company.save',
    subjectType: 'company',
    subjectId: id,
    subjectLabel: states.after.name,
    changes: withTextsHidden(changes, ['description']),
  });
}

export async function auditCompanyDelete(trx: Executor, actorId: number, id: number, state: CompanyState) {
  await recordAudit(trx, {
    actorId,
    kind: 'company.delete',
    subjectType: 'company',
    subjectId: id,
    subjectLabel: state.name,
    changes: withTextsHidden(removedFields(state, FIELDS), ['description']),
  });
}

/** A member's place in a company as the log shows it; `company` is the company's name, null for none. */
export interface MembershipState {
  company: string | null;
  function: string | null;
  mainContact: boolean;
  phone: string | null;
}

/** `company.member` on the member, with what changed of their link; nothing when nothing changed. */
export async function auditMembership(
  trx: Executor,
  actorId: number | null,
  userId: number,
  states: { before: MembershipState; after: MembershipState },
): Promise<void> {
  const changes = changedFields(
    { companyLink: states.before.company, ...states.before },
    { companyLink: states.after.company, ...states.after },
    ['companyLink', 'function', 'mainContact', 'phone'],
  );
  if (!changes) return;
  await recordAudit(trx, {
    actorId,
    kind: 'company.member',
    subjectType: 'member',
    subjectId: userId,
    changes,
  });
}

/** A company row as the audit log shows it. */
export function stateOf(row: CompanyRow | CompanyValues, specialties: readonly string[]): CompanyState {
  return {
    name: row.name,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    state: row.state,
    website: row.website,
    phone: row.phone,
    email: row.email,
    description: row.description,
    number: row.number ?? null,
    specialties,
    logo: 'logoName' in row ? row.logoName : null,
  };
}
