/**
 * The administration of issue 18 through the API (members, groups), as the admin screens use it. Specs make
 * members with a unique name and erase them afterwards.
 */
import {
  ACCOUNT_EXPORT_API,
  ADMIN_API,
  type TAccountExport,
  type TAdminGroup,
  type TAdminMember,
  type TAdminMemberCreate,
  type TAdminMembersPage,
  type TAdminMemberUpdate,
} from '@portal/contract';
import { ApiClient } from './api-client.ts';

export class AdminApi extends ApiClient {
  members(query: Record<string, string> = {}): Promise<TAdminMembersPage> {
    const search = new URLSearchParams(query).toString();
    return this.get<TAdminMembersPage>(search === '' ? ADMIN_API.members : `${ADMIN_API.members}?${search}`);
  }

  /** The member of exactly this username, or undefined. */
  async member(username: string): Promise<TAdminMember | undefined> {
    const page = await this.members({ q: username });
    return page.items.find((member) => member.username === username);
  }

  async memberId(username: string): Promise<number> {
    const member = await this.member(username);
    if (!member) throw new Error(`Mitglied ${username} nicht gefunden`);
    return member.id;
  }

  createMember(member: TAdminMemberCreate): Promise<TAdminMember> {
    return this.post<TAdminMember>(ADMIN_API.members, member, { expect: 201 });
  }

  async updateMember(id: number, changes: TAdminMemberUpdate): Promise<TAdminMember> {
    const response = await this.send('PATCH', ADMIN_API.member(id), { data: changes });
    return (await response.json()) as TAdminMember;
  }

  /** Erases the members (GDPR); already erased or missing ones are fine. */
  async eraseMembers(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.delete(ADMIN_API.member(id), { expect: [200, 204, 404] });
  }

  groups(): Promise<TAdminGroup[]> {
    return this.get<TAdminGroup[]>(ADMIN_API.groups);
  }

  async groupId(name: string): Promise<number> {
    const group = (await this.groups()).find((candidate) => candidate.name === name);
    if (!group) throw new Error(`Gruppe ${name} nicht gefunden`);
    return group.id;
  }

  /** The session member's own data, as 'Meine Daten herunterladen (JSON)' gets it. */
  myData(): Promise<TAccountExport> {
    return this.get<TAccountExport>(ACCOUNT_EXPORT_API);
  }
}
