import { z } from 'zod';
import { ZId } from './ids.ts';

/**
 * A node of a dragged category tree (POST …/saveTree/ of content and media categories): the nesting gives the
 * parent, the order of each array the position; other fields are ignored. `component` names the schema in
 * OpenAPI, where recursive schemas are components.
 */
export function zTreeNodeInput(component: string) {
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
