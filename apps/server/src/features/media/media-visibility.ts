import type { Principal } from '../../platform/auth/principal.ts';

/**
 * Who may browse the media library (its files are public by design, their list is not): admins, as its
 * routes ask (media.routes.ts); the search finds its files for them alone.
 */
export function browsesMedia(principal: Principal): boolean {
  return principal.isAdmin;
}
