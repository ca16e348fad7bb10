/**
 * Showing the portal on a website without WordPress (Node.js 18 or newer, no packages): the website's server
 * fetches a one-time login link for the member who is signed in on the website, then prints the embed tag.
 * Call it for every page view: a link works once, within 5 minutes.
 *
 *   import { portalEmbed } from './portal-login.mjs';
 *   const html = await portalEmbed('https://portal.example.de', process.env.PORTAL_API_KEY, {
 *     username: 'erika', email: 'erika@example.de', company: 'Glas AG',
 *     roles: ['ROLE_USER'], groups: ['Mitglieder'],
 *   });
 *
 * From the shell: PORTAL_URL=… PORTAL_API_KEY=… node portal-login.mjs erika erika@example.de "Glas AG"
 * Licence: GPL-2.0-or-later, like the WordPress plugin beside it; copy and adapt it freely.
 */

/**
 * Fetches a one-time login link (POST /external/generate/login with the API key). Creates or updates the member.
 * @param {string} portalUrl the portal's address, e.g. https://portal.example.de
 * @param {string} apiKey the portal's EXTERNAL_API_KEY
 * @param {{ username: string, email?: string, company?: string, roles?: string[], groups?: string[] }} member
 * @returns {Promise<string>} the link, e.g. https://portal.example.de/login?token=…
 */
export async function portalLoginLink(portalUrl, apiKey, member) {
  const response = await fetch(new URL('/external/generate/login', portalUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(member),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    // The portal answers { detail: '<German reason>' }; never log the API key itself.
    const detail = await response
      .json()
      .then((body) => body.detail)
      .catch(() => response.statusText);
    throw new Error(`portal answered ${response.status}: ${detail}`);
  }
  const { link } = await response.json();
  return link;
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The embed tag for a login link: the frame shows the portal signed in. The script comes from the link's own
 * origin (the portal's PUBLIC_URL, which may differ from the address the server calls it by). A deep link in
 * the page's own address (?portal=/blog/12) is read by embed.js itself.
 * @param {string} link a link from portalLoginLink
 */
export function portalEmbedTag(link) {
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('the login link is no web address');
  const path = `${url.pathname}${url.search}`;
  return (
    '<div id="portal"></div>\n' +
    `<script src="${escapeHtml(`${url.origin}/embed.js`)}" data-target="portal" data-path="${escapeHtml(path)}"></script>\n`
  );
}

/** Both steps: the embed tag for a member, signed in. */
export async function portalEmbed(portalUrl, apiKey, member) {
  return portalEmbedTag(await portalLoginLink(portalUrl, apiKey, member));
}

// Run from the shell: prints the embed tag for the member named in the arguments.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [username, email, company] = process.argv.slice(2);
  const { PORTAL_URL: portalUrl, PORTAL_API_KEY: apiKey } = process.env;
  if (!portalUrl || !apiKey || !username) {
    console.error('usage: PORTAL_URL=… PORTAL_API_KEY=… node portal-login.mjs <username> [email] [company]');
    process.exit(2);
  }
  const member = { username, ...(email ? { email } : {}), ...(company ? { company } : {}) };
  try {
    process.stdout.write(await portalEmbed(portalUrl, apiKey, member));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
