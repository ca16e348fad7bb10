import { z } from 'zod';
import { ZId } from './ids.ts';

/**
 * Category trees (content and media) nest at most this deep: the navigation drawer (260 px, 16 px a level)
 * shows no name below that (issue 30, decision 0114).
 */
export const TREE_MAX_DEPTH = 10;

export const TREE_MESSAGES = {
  tooDeep: `Kategorien können höchstens ${TREE_MAX_DEPTH} Ebenen tief verschachtelt werden.`,
} as const;

/**
 * A node of a dragged category tree (POST …/saveTree/ of content and media categories): the nesting gives the
 * parent, the order of each array the position; other fields are ignored. `component` names the schema in
 * OpenAPI, where recursive schemas are components.
 */
function zTreeNodeInput(component: string) {
  const node = z
    .object({
      id: ZId,
      get children(): z.ZodOptional<z.ZodArray<typeof node>> {
        return z.array(node).max(10_000).optional();
      },
    })
    .meta({ id: component });
  return node;
}

export type TTreeNodeInput = z.infer<ReturnType<typeof zTreeNodeInput>>;

/** How deep `children` arrays nest in a parsed tree, counted without recursion and only up to `limit` + 1. */
function nestingDepth(roots: unknown, limit: number): number {
  let level: unknown[] = Array.isArray(roots) ? roots : [];
  let depth = 0;
  while (level.length > 0 && depth <= limit) {
    depth += 1;
    level = level.flatMap((node) => {
      const children = (node as { children?: unknown } | null)?.children;
      return Array.isArray(children) ? children : [];
    });
  }
  return depth;
}

/**
 * A dragged tree: its depth is checked before the node schema walks it, whose recursion a tree 1,000 levels
 * deep overflowed (a 500).
 */
export function zTreeInput(component: string) {
  return z.preprocess(
    (value, ctx) => {
      if (nestingDepth(value, TREE_MAX_DEPTH) <= TREE_MAX_DEPTH) return value;
      ctx.addIssue({ code: 'custom', message: TREE_MESSAGES.tooDeep, input: value });
      return z.NEVER;
    },
    z.array(zTreeNodeInput(component)).max(10_000),
  );
}
