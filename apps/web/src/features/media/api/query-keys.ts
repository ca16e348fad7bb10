/** TanStack Query keys of the media library. */
export const mediaKeys = {
  all: ['media'] as const,
  tree: () => [...mediaKeys.all, 'tree'] as const,
  categories: () => [...mediaKeys.all, 'category'] as const,
  category: (id: number) => [...mediaKeys.categories(), id] as const,
  files: (categoryId: number) => [...mediaKeys.all, 'files', categoryId] as const,
};
