/**
 * The list's state lives in the address (SPEC §2 Blog: query parameters `tag` and `ceo=true`), so that
 * links, reloads and the back button keep the filter; `page` joins them for the same reason.
 */
import { APP_PATHS } from '@portal/contract';
export interface BlogListQuery {
  /** 1-based */
  page: number;
  tag: string | null;
  /** true: the FMK-Intern list */
  ceo: boolean;
  /** true: the circulars only ('Rundschreiben', issue 34) */
  rundschreiben: boolean;
}

const FIRST_PAGE = 1;
const MAX_PAGE = 100_000;

export function readListQuery(params: URLSearchParams): BlogListQuery {
  const page = Number(params.get('page'));
  const tag = params.get('tag')?.trim() ?? '';
  return {
    page: Number.isInteger(page) && page >= FIRST_PAGE && page <= MAX_PAGE ? page : FIRST_PAGE,
    tag: tag === '' ? null : tag,
    ceo: params.get('ceo') === 'true',
    rundschreiben: params.get('rundschreiben') === 'true',
  };
}

/** `?ceo=true&tag=Technik&page=2`, leaving out defaults; '' for the plain first page. */
export function listSearch({
  page = FIRST_PAGE,
  tag = null,
  ceo = false,
  rundschreiben = false,
}: Partial<BlogListQuery>): string {
  const params = new URLSearchParams();
  if (rundschreiben) params.set('rundschreiben', 'true');
  else if (ceo) params.set('ceo', 'true');
  if (tag) params.set('tag', tag);
  if (page > FIRST_PAGE) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

export function blogListPath(query: Partial<BlogListQuery> = {}): string {
  return `${APP_PATHS.blog}${listSearch(query)}`;
}

/** Query of GET /api/blog/ (`page` always, `tag`, `ceo` and `rundschreiben` only when set). */
export function apiListQuery({
  page,
  tag,
  ceo,
  rundschreiben,
}: BlogListQuery): Record<string, string | number | undefined> {
  if (rundschreiben) return { page, tag: tag ?? undefined, rundschreiben: 'true' };
  return { page, tag: tag ?? undefined, ceo: ceo ? 'true' : undefined };
}
