import { CATEGORY_API, type TContentCategory, type TContentCategoryInput } from '@portal/contract';
import type { Headers, World } from '../helpers/world.ts';

export function saveCategory(
  w: World<never>,
  headers: Headers,
  input: Partial<TContentCategoryInput> | string,
) {
  return w.app.inject({
    method: 'POST',
    url: CATEGORY_API.tree,
    headers,
    payload: { contentCategory: typeof input === 'string' ? input : JSON.stringify(input) },
  });
}

export function flatten<Node extends { children: readonly Node[] }>(tree: readonly Node[]): Node[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Creates a category as admin and returns its id (the highest in the returned tree). */
export async function createCategory(
  w: World<'admin'>,
  input: Partial<TContentCategoryInput> & { name: string },
): Promise<number> {
  const response = await saveCategory(w, w.as.admin, {
    type: 'content',
    visibleForUserGroups: [w.groups.mitglieder],
    ...input,
  });
  if (response.statusCode !== 200) throw new Error(`category not saved: ${response.body}`);
  return Math.max(...flatten(response.json<TContentCategory[]>()).map((node) => node.id));
}

export function getTree(w: World<never>, headers: Headers): Promise<TContentCategory[]> {
  return w.json<TContentCategory[]>(CATEGORY_API.tree, headers);
}
