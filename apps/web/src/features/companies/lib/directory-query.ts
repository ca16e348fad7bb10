import { COMPANY_LETTERS, COMPANY_STATES, type TCompanyState } from '@portal/contract';

/**
 * The directory's state lives in the address (`/mitglieder?q=glas&state=BY&specialty=3&letter=M&page=2`), so
 * that reloads, deep links and the back button keep the search, the filters, the letter and the page.
 */
export interface DirectoryQuery {
  /** trimmed; '' searches nothing */
  q: string;
  state: TCompanyState | null;
  /** a specialty's id */
  specialty: number | null;
  /** one of COMPANY_LETTERS ('#': names starting with a digit or another sign) */
  letter: string | null;
  /** 1-based */
  page: number;
}

const FIRST_PAGE = 1;
const MAX_PAGE = 100_000;
const MAX_ID = 2 ** 31 - 1;
/** The server refuses longer searches (COMPANY_MESSAGES.queryTooLong). */
export const DIRECTORY_SEARCH_MAX = 100;

function isState(value: string | null): value is TCompanyState {
  return value !== null && Object.hasOwn(COMPANY_STATES, value);
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

function letterOf(value: string | null): string | null {
  const letter = value?.toUpperCase() ?? null;
  return letter !== null && (COMPANY_LETTERS as readonly string[]).includes(letter) ? letter : null;
}

/** A missing or malformed value falls back to its default (first page, no filter), as an old link may hold. */
export function readDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  const state = params.get('state');
  return {
    q: (params.get('q') ?? '').trim().slice(0, DIRECTORY_SEARCH_MAX),
    state: isState(state) ? state : null,
    specialty: wholeNumber(params.get('specialty'), MAX_ID),
    letter: letterOf(params.get('letter')),
    page: wholeNumber(params.get('page'), MAX_PAGE) ?? FIRST_PAGE,
  };
}

/** The parameters that are set, in a fixed order; the page only after the first. */
function params(query: Partial<DirectoryQuery>): URLSearchParams {
  const result = new URLSearchParams();
  const text = query.q?.trim() ?? '';
  if (text !== '') result.set('q', text);
  if (query.state) result.set('state', query.state);
  if (query.specialty) result.set('specialty', String(query.specialty));
  if (query.letter) result.set('letter', query.letter);
  if (query.page !== undefined && query.page > FIRST_PAGE) result.set('page', String(query.page));
  return result;
}

/** `?q=…&state=…&specialty=…&letter=…&page=…` leaving out defaults; '' for the plain first page. */
export function directorySearch(query: Partial<DirectoryQuery>): string {
  const search = params(query).toString();
  return search === '' ? '' : `?${search}`;
}

/** The query of GET COMPANIES_API.list: the page always, the rest only when set. */
export function apiDirectoryQuery(query: DirectoryQuery): Record<string, string | number> {
  return { ...Object.fromEntries(params({ ...query, page: undefined })), page: query.page };
}

/** A changed search, filter or letter starts again on the first page. */
export function withFilter(
  query: DirectoryQuery,
  change: Partial<Omit<DirectoryQuery, 'page'>>,
): DirectoryQuery {
  return { ...query, ...change, page: FIRST_PAGE };
}

/** Whether anything narrows the list (the empty state then offers to show all). */
export function isFiltered(query: DirectoryQuery): boolean {
  return query.q !== '' || query.state !== null || query.specialty !== null || query.letter !== null;
}
