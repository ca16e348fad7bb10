import { MEMBERS_WITHOUT_COMPANY, ROLES, type TMembersSort, type TRole } from '@portal/contract';

/**
 * The members list's state lives in the address (`/admin/members?q=glas&role=ROLE_USER&group=3&disabled=true
 * &company=7&sort=company&page=2`), so that reloads, links and the back button keep the search and the filters.
 */
export interface MembersQuery {
  /** 1-based */
  page: number;
  /** trimmed; '' searches nothing */
  q: string;
  role: TRole | null;
  /** a group's id */
  group: number | null;
  /** null: all, true: only the disabled, false: only the active */
  disabled: boolean | null;
  /** a member company's id, 'none' for the members without one (issue 36), null: all */
  company: number | typeof MEMBERS_WITHOUT_COMPANY | null;
  /** by username (the default), or by company, then name, grouped under the companies */
  sort: TMembersSort;
}

const FIRST_PAGE = 1;
const MAX_PAGE = 100_000;
const MAX_ID = 2 ** 31 - 1;
/** The server refuses longer searches (ADMIN_MESSAGES.searchTooLong). */
export const MEMBERS_SEARCH_MAX = 100;

function isRole(value: string | null): value is TRole {
  return (ROLES as readonly (string | null)[]).includes(value);
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

function companyFilter(value: string | null): MembersQuery['company'] {
  return value === MEMBERS_WITHOUT_COMPANY ? value : wholeNumber(value, MAX_ID);
}

function flag(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** A missing or malformed value falls back to its default (first page, no filter). */
export function readMembersQuery(params: URLSearchParams): MembersQuery {
  const role = params.get('role');
  return {
    page: wholeNumber(params.get('page'), MAX_PAGE) ?? FIRST_PAGE,
    q: (params.get('q') ?? '').trim().slice(0, MEMBERS_SEARCH_MAX),
    role: isRole(role) ? role : null,
    group: wholeNumber(params.get('group'), MAX_ID),
    disabled: flag(params.get('disabled')),
    company: companyFilter(params.get('company')),
    sort: params.get('sort') === 'company' ? 'company' : 'username',
  };
}

/** `?q=…&role=…&group=…&disabled=…&company=…&sort=…&page=…`, leaving out defaults; '' for the plain list. */
export function membersSearch(query: Partial<MembersQuery>): string {
  const params = new URLSearchParams(filterParams({ ...query, page: undefined }));
  if (query.page !== undefined && query.page > FIRST_PAGE) params.set('page', String(query.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** The filters and the order as query parameters of GET ADMIN_API.members and ADMIN_API.membersCsv (no page). */
function filterParams({
  q,
  role,
  group,
  disabled,
  company,
  sort,
}: Partial<MembersQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  const text = q?.trim() ?? '';
  if (text !== '') params.q = text;
  if (role) params.role = role;
  if (group) params.group = String(group);
  if (disabled !== null && disabled !== undefined) params.disabled = String(disabled);
  if (company) params.company = String(company);
  if (sort === 'company') params.sort = sort;
  return params;
}

/** The query of GET ADMIN_API.members: the page always, filters only when set. */
export function apiMembersQuery(query: MembersQuery): Record<string, string | number> {
  return { ...filterParams(query), page: query.page };
}

/** The query of the CSV download: the same members as the list, in its order, all pages. */
export function csvMembersQuery(query: MembersQuery): Record<string, string> {
  return filterParams(query);
}

/** A changed filter, search or order starts again on the first page. */
export function withFilter(query: MembersQuery, change: Partial<Omit<MembersQuery, 'page'>>): MembersQuery {
  return { ...query, ...change, page: FIRST_PAGE };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
