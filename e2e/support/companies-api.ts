/** Member companies (issue 36) through the API, as the admin screens use it; specs name theirs uniquely. */
import {
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  type TCompany,
  type TCompanyPage,
  type TCompanyProposal,
  type TSpecialty,
} from '@portal/contract';
import { ApiClient } from './api-client.ts';

export class CompaniesApi extends ApiClient {
  /** The companies whose name, place or specialty holds `q`. */
  async search(q: string): Promise<TCompanyPage['items']> {
    const page = await this.get<TCompanyPage>(`${COMPANIES_API.list}?q=${encodeURIComponent(q)}`);
    return page.items;
  }

  company(id: number): Promise<TCompany> {
    return this.get<TCompany>(COMPANIES_API.byId(id));
  }

  /** The company of exactly this name, with its contacts, or undefined. */
  async named(name: string): Promise<TCompany | undefined> {
    const found = (await this.search(name)).find((company) => company.name === name);
    return found ? this.company(found.id) : undefined;
  }

  proposals(): Promise<TCompanyProposal[]> {
    return this.get<TCompanyProposal[]>(ADMIN_COMPANIES_API.review);
  }

  specialties(): Promise<TSpecialty[]> {
    return this.get<TSpecialty[]>(ADMIN_COMPANIES_API.specialties);
  }

  /** Deletes every company and specialty whose name holds `marker`; missing ones are fine. */
  async removeMarked(marker: string): Promise<void> {
    for (const company of await this.search(marker))
      await this.delete(ADMIN_COMPANIES_API.byId(company.id), { expect: [204, 404] });
    for (const specialty of (await this.specialties()).filter((s) => s.name.includes(marker)))
      await this.delete(ADMIN_COMPANIES_API.specialty(specialty.id), { expect: [204, 404] });
  }
}
