import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query for what shows data: the frame's screens and the overlays (dialogs and sheets). Not around
 * the whole app, so that the login screen does not load it (issue 19); the query cache is one for all of
 * them. Mantine's German dates wrap each date picker (`GermanDates`), so that only forms with dates load
 * dayjs.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
