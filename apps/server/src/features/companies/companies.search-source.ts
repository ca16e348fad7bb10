/**
 * The companies' part of the search (issue 36 point 5): a document per company (name; place, state,
 * specialties and short description), found by ROLE_USER as the directory is, opening the company's page.
 * Never a contact's e-mail or phone: the documents hold none.
 */
import { COMPANY_APP_PATHS, COMPANY_STATES, hasRole, type TCompanyState } from '@portal/contract';
import { type SearchSource, SOURCES_PER_READ } from '../../platform/search/search-source.ts';
import { companySpecialties } from './companies.repository.ts';

export const companiesSearchSource: SearchSource = {
  type: 'company',
  kinds: [
    {
      kind: 'company',
      label: 'Mitgliedsfirmen',
      async read(db, sources) {
        let query = db
          .selectFrom('companies')
          .select(['id', 'name', 'postalCode', 'city', 'state', 'description', 'updatedAt'])
          .orderBy('id')
          .limit(SOURCES_PER_READ);
        query =
          'ids' in sources
            ? query.where('id', 'in', [...sources.ids, 0])
            : query.where('id', '>', sources.after);
        const rows = await query.execute();
        const specialties = await companySpecialties(
          db,
          rows.map((row) => row.id),
        );
        return rows.map((company) => {
          const place = [company.postalCode, company.city].filter(Boolean).join(' ');
          const state = company.state ? COMPANY_STATES[company.state as TCompanyState] : '';
          const names = (specialties.get(company.id) ?? []).map((s) => s.name).join(', ');
          // place, state, specialties and description read as one line in a snippet: a separator keeps them apart
          const body = [place, state, names, company.description ?? ''].filter(Boolean).join(' · ');
          return { sourceId: company.id, title: company.name, body, date: company.updatedAt };
        });
      },
    },
  ],
  async open(_db, principal) {
    if (!hasRole(principal.roles, 'ROLE_USER')) return undefined;
    return {
      visible: 'all',
      hits: async (documents) =>
        new Map(
          documents.map((doc) => [
            doc.id,
            { id: doc.sourceId, path: COMPANY_APP_PATHS.company(doc.sourceId) },
          ]),
        ),
    };
  },
};
