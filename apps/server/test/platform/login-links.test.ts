import type { TContentItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
} from '../forums/forum-helpers.ts';
import { LOGIN_PATHS } from '../helpers/login-paths.ts';

/**
 * Issue 30: a member posts a one-time login link of an account they control (`/login?token=T`), an admin
 * clicks it and is signed in as that account. Whatever is written, by a member or an admin, stores no link
 * to the login route: the text stays, the address goes.
 */
let w: ForumWorld;
beforeAll(async () => {
  w = await createForumWorld();
});
afterAll(() => w.t.close());

/** The variants as `href` values of one paragraph each, with the link text naming the variant's index. */
function postWithLoginLinks(): string {
  return LOGIN_PATHS.map((href, index) => `<p><a href="${attribute(href)}">Merkblatt ${index}</a></p>`).join(
    '',
  );
}

function attribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('\t', '&#9;');
}

describe('login links in stored content', () => {
  it("should keep a member's forum post with login links as text", async () => {
    const forum = await createForum(w);
    const thread = await createThread(w, forum.id);
    const post = await createPost(w, thread.id, w.as.mitglied, [], postWithLoginLinks());
    expect(post.content).toBe(LOGIN_PATHS.map((_, index) => `<p><a>Merkblatt ${index}</a></p>`).join(''));
  });

  it('should keep login links of a CSV table and its texts as text', async () => {
    const category = await createCategory(w, { name: 'Unterlagen' });
    // A tab would split the cell: the CSV reader detects it as the delimiter.
    const urls = LOGIN_PATHS.filter((url) => !url.includes('\t'));
    const csv = ['Titel;Datei', ...urls.map((url, index) => `Zeile ${index};[Merkblatt](${url})`)];
    const item: TContentItem = await createItem(
      w,
      { categories: [category], preText: postWithLoginLinks() },
      { filename: 'unterlagen.csv', data: csv.join('\r\n') },
    );
    expect(item.preText).not.toContain('href');
    const links = (item.csvContent ?? []).slice(1).map((row) => row[1]);
    expect(links).toEqual(urls.map((url) => `[Merkblatt](${url})`));
  });
});
