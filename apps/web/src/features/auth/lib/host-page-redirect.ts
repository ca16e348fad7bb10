import { APP_PATHS, hostPageLink } from '@portal/contract';

/**
 * Issue 31: where members sign in only through the association's website, the portal's own address shows
 * nothing but 'Bitte melden Sie sich über die Website des Verbands an'. With the host page configured, a
 * visit there without a session goes to the host page instead, with the page asked for as its deep link
 * (`?portal=/blog/4`), which the host's fresh login link then opens.
 */
export interface HostPageVisit {
  /** HOST_PAGE_URL (public settings) */
  hostPageUrl: string | null;
  /** the app runs inside a frame (the host page itself, or another page) */
  framed: boolean;
  /** this origin offers the username/password form (LOGIN_FORM_ORIGINS): the login page is of use here */
  formAllowed: boolean;
  /** the page asked for: the login route's remembered `request` (already checked), or null */
  requested: string | null;
}

/** The host page's address to go to instead of the login page, or null to show the login page. */
export function hostPageRedirect({
  hostPageUrl,
  framed,
  formAllowed,
  requested,
}: HostPageVisit): string | null {
  if (!hostPageUrl || framed || formAllowed) return null;
  return hostPageLink(hostPageUrl, requested ?? APP_PATHS.dashboard);
}
