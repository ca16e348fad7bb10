/** TanStack Query keys of the content categories; every write refreshes what depends on the tree. */
export const categoryKeys = {
  all: ['contentCategory'] as const,
  tree: () => [...categoryKeys.all, 'tree'] as const,
  quickAccess: () => [...categoryKeys.all, 'quickAccess'] as const,
  formData: () => [...categoryKeys.all, 'formData'] as const,
  details: () => [...categoryKeys.all, 'detail'] as const,
  detail: (id: number) => [...categoryKeys.details(), id] as const,
};
