/** API paths of SPEC §7 that both sides use. */
export const API = {
  health: '/api/health',
  login: '/api/auth/login',
  refresh: '/api/auth/token/refresh',
  logout: '/api/auth/logout',
  profile: '/api/account/profile',
  generateLogin: '/external/generate/login',
} as const;

/** Paths sent without the Authorization header (SPEC §7). */
export function isPublicApiPath(path: string): boolean {
  return (
    path.startsWith(API.login) || path.startsWith(API.refresh) || path.startsWith('/api/auth/resetPassword')
  );
}

/** Name of the meta tag in index.html that carries the public settings. */
export const PUBLIC_SETTINGS_META = 'portal-settings';
