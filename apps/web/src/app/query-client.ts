import { QueryClient } from '@tanstack/react-query';

/** Failed calls already show the red banner (lib/api-client), so queries do not retry behind the user's back. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
