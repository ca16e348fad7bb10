import { createTreeExpansion } from '../../../components/sortable-tree';

/** Which nodes of the drawer tree are unfolded; the tree loads collapsed (SPEC §2 "Category tree"). */
const expansion = createTreeExpansion();

/** Unfolds a node, e.g. the parent of a category just created, so that the new node shows. */
export const expandCategory = (id: number): void => expansion.expand(id);

export const useTreeExpansion = expansion.useExpansion;
