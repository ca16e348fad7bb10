/**
 * The thread page's conversation parts of issue 37 as a member meets them: posts by number and author, the
 * reply and edit sheets with their editor, the `@` list, reactions and the versions dialog.
 */
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import { expectEditor } from './blog-page.ts';

type Scope = Page | Frame;

export function postOf(scope: Scope, number: number, author: string): Locator {
  return scope.getByRole('article', { name: `Beitrag ${number} von ${author}`, exact: true });
}

export function deletedPost(scope: Scope, number: number): Locator {
  return scope.getByRole('article', { name: `Beitrag ${number}: gelöscht`, exact: true });
}

/** The sheet's editor of a post's text, once its chunk has arrived. */
export async function sheetEditor(scope: Scope): Promise<Locator> {
  const editor = scope.getByRole('dialog').getByRole('textbox', { name: 'Beitrag', exact: true });
  await expectEditor(editor);
  return editor;
}

/** Types `@query` where the caret is, waits for `name` in the list and takes it with the keyboard. */
export async function mention(page: Page, scope: Scope, query: string, name: string): Promise<void> {
  await page.keyboard.type(`@${query}`);
  const list = scope.getByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
  const option = list.getByRole('option', { name: new RegExp(`^${name}`) });
  await expect(option).toBeVisible();
  // The arrows move the highlight round the list; Enter takes the highlighted one.
  const options = await list.getByRole('option').count();
  for (let step = 0; step < options; step += 1) {
    if ((await option.getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
}

export function reactionButton(post: Locator, label: string): Locator {
  return post
    .getByRole('group', { name: /^Reaktionen auf/ })
    .getByRole('button', { name: new RegExp(label) });
}
