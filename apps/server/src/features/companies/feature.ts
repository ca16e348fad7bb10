import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { companiesSearchSource } from './companies.search-source.ts';
import { COMPANY_AUDIT_KINDS } from './companies-audit.ts';
import { companiesPrivacy } from './companies-privacy.ts';

/** What member companies contribute to the platform's services (ARCHITECTURE §7, issue 36). */
export const companiesFeature: FeatureModule = {
  name: 'companies',
  search: companiesSearchSource,
  privacy: companiesPrivacy,
  auditKinds: COMPANY_AUDIT_KINDS,
};
