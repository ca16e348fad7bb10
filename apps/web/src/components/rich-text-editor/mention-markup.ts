import { APP_PATHS, MENTION_ATTRIBUTE } from '@portal/contract';

/**
 * The stored markup of a mention (issue 37 point 2, contract `conversation.ts`):
 * `<a href="/personen/7" data-mention="7">@Erika Muster</a>`, a link to the person's page that the server reads
 * the mentioned member from. The editor writes it (mention-extension.ts) and reads it back when a post is edited.
 */
export const MENTION_CHAR = '@';

export function mentionAttributes(id: number): { href: string; [MENTION_ATTRIBUTE]: string } {
  return { href: APP_PATHS.person(id), [MENTION_ATTRIBUTE]: String(id) };
}

export function mentionText(name: string): string {
  return `${MENTION_CHAR}${name}`;
}

/** The mentioned name of a stored mention's text: '@Erika Muster' → 'Erika Muster'. */
export function mentionedName(text: string): string {
  return text.startsWith(MENTION_CHAR) ? text.slice(MENTION_CHAR.length) : text;
}

/** The mentioned member's id of a stored mention, or null for anything else. */
export function mentionedId(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The markup as text, as the editor's HTML holds it. */
export function mentionHtml(id: number, name: string): string {
  const { href } = mentionAttributes(id);
  return `<a href="${escapeText(href)}" ${MENTION_ATTRIBUTE}="${id}">${escapeText(mentionText(name))}</a>`;
}
