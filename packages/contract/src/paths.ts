/** The `:name` parameters of a path template, in order: '/api/event/:id/ics' → ['id']. */
type ParamNames<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : T extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** One argument per parameter of the template, in its order. */
type PathArgs<Names extends string[]> = { [K in keyof Names]: number | string };

/**
 * A path with parameters, written once: called with one value per parameter it gives the path to request
 * (`BLOG_API.byId(3)` → '/api/blog/3'); its `pattern` is the template a server route is declared with
 * (`url: BLOG_API.byId.pattern` → '/api/blog/:id').
 */
export type PathTemplate<T extends string> = ((...params: PathArgs<ParamNames<T>>) => string) & {
  readonly pattern: T;
};

const PARAMETER = /:[A-Za-z]+/g;

export function pathTemplate<const T extends string>(pattern: T): PathTemplate<T> {
  const build = (...params: (number | string)[]) => {
    let index = 0;
    return pattern.replace(PARAMETER, () => String(params[index++]));
  };
  return Object.assign(build, { pattern });
}

/** API paths of SPEC §7 that both sides use. */
export const API = {
  health: '/api/health',
  login: '/api/auth/login',
  refresh: '/api/auth/token/refresh',
  logout: '/api/auth/logout',
  profile: '/api/account/profile',
  generateLogin: '/external/generate/login',
  /** the public settings that index.html also carries (PUBLIC_SETTINGS_META) */
  settings: '/api/settings',
  /** the OpenAPI description and its viewer */
  docs: '/api/docs',
  /** signed, expiring addresses of stored files: `/api/files/<key>?expires=…&signature=…` */
  filesPrefix: '/api/files/',
} as const;

/** Paths sent without the Authorization header (SPEC §7). */
export function isPublicApiPath(path: string): boolean {
  return (
    path.startsWith(API.login) || path.startsWith(API.refresh) || path.startsWith('/api/auth/resetPassword')
  );
}

/** Name of the meta tag in index.html that carries the public settings. */
export const PUBLIC_SETTINGS_META = 'portal-settings';
