/** Naming and file helpers for the data that specs create through the API. */
import path from 'node:path';

/** A short unique suffix, so that names of parallel and repeated runs never meet. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Every node of a category tree (content or media), parents before their children. */
export function flatten<T extends { children: readonly T[] }>(tree: readonly T[]): T[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

const FIXTURES = path.resolve(import.meta.dirname, '../../test-fixtures');

/** The absolute path of a file in test-fixtures/. */
export function fixturePath(relative: string): string {
  return path.join(FIXTURES, relative);
}
