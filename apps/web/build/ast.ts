/** What the build plugins read of the ESTree that Vite's `parseAst` gives: nodes by type and their children. */

export interface AstNode {
  type: string;
  start: number;
  end: number;
}

export function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** A field of a node (`declaration`, `id`, `body`, …), whatever its node type. */
export function child(node: AstNode, key: string): unknown {
  return (node as unknown as Record<string, unknown>)[key];
}
