import { createTreeExpansion } from '../../../components/sortable-tree';

/** Which nodes of the media tree are unfolded (kept while moving between categories). */
export const mediaTreeExpansion = createTreeExpansion();
