/**
 * The member companies of issue 36 through the API, as the directory and the admin screens use it. Specs make
 * companies and a specialty with unique names and delete them afterwards.
 */
import {
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  type TCompany,
  type TCompanyFunction,
  type TCompanyPage,
  type TCompanyPatch,
  type TCompanyProposal,
  type TMyCompany,
  type TSpecialty,
} from '@portal/contract';
import { ApiClient } from './api-client.ts';

export interface TNewCompany {
  name: string;
  street?: string;
  postalCode?: string;
  city?: string;
  state?: string;
  website?: string;
  phone?: string;
  email?: string;
  description?: string;
  specialtyIds?: number[];
}

export class CompaniesApi extends ApiClient {
  createCompany(company: TNewCompany): Promise<TCompany> {
    return this.post<TCompany>(ADMIN_COMPANIES_API.create, company);
  }

  company(id: number): Promise<TCompany> {
    return this.get<TCompany>(COMPANIES_API.byId(id));
  }

  async patchCompany(id: number, patch: TCompanyPatch): Promise<TCompany> {
    const response = await this.send('PATCH', COMPANIES_API.byId(id), { data: patch });
    return (await response.json()) as TCompany;
  }

  /** Deletes the companies; already deleted ones are fine (their members stay). */
  async deleteCompanies(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.delete(ADMIN_COMPANIES_API.byId(id), { expect: [204, 404] });
  }

  createSpecialty(name: string): Promise<TSpecialty> {
    return this.post<TSpecialty>(ADMIN_COMPANIES_API.specialties, { name });
  }

  async deleteSpecialty(id: number): Promise<void> {
    await this.delete(ADMIN_COMPANIES_API.specialty(id), { expect: [204, 404] });
  }

  /** Links the member to the company with a function, as its main contact or not. */
  async linkMember(
    companyId: number,
    userId: number,
    link: { function?: TCompanyFunction | null; mainContact?: boolean },
  ): Promise<void> {
    await this.send('PUT', ADMIN_COMPANIES_API.member(companyId, userId), { data: link, expect: 204 });
  }

  /** The session member's own company and consent. */
  mine(): Promise<TMyCompany> {
    return this.get<TMyCompany>(COMPANIES_API.mine);
  }

  async setShowInDirectory(showInDirectory: boolean): Promise<TMyCompany> {
    const response = await this.send('PATCH', COMPANIES_API.mine, { data: { showInDirectory } });
    return (await response.json()) as TMyCompany;
  }

  /** The companies whose name, place or specialty holds `q` (the first page). */
  async search(q: string): Promise<TCompanyPage['items']> {
    const page = await this.get<TCompanyPage>(`${COMPANIES_API.list}?q=${encodeURIComponent(q)}`);
    return page.items;
  }

  /** The company of exactly this name, with its contacts, or undefined. */
  async named(name: string): Promise<TCompany | undefined> {
    const found = (await this.search(name)).find((company) => company.name === name);
    return found ? this.company(found.id) : undefined;
  }

  /** The companies proposed from members' company texts (the admin's review). */
  proposals(): Promise<TCompanyProposal[]> {
    return this.get<TCompanyProposal[]>(ADMIN_COMPANIES_API.review);
  }

  specialties(): Promise<TSpecialty[]> {
    return this.get<TSpecialty[]>(ADMIN_COMPANIES_API.specialties);
  }

  /** Deletes every company and specialty whose name holds `marker`; missing ones are fine. */
  async removeMarked(marker: string): Promise<void> {
    await this.deleteCompanies((await this.search(marker)).map((company) => company.id));
    for (const specialty of (await this.specialties()).filter((s) => s.name.includes(marker)))
      await this.deleteSpecialty(specialty.id);
  }
}
