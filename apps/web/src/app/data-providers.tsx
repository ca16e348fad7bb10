import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './dates-locale';
import { queryClient } from './query-client';

/**
 * TanStack Query and Mantine's German dates for what shows data: the frame's screens and the overlays
 * (dialogs and sheets). Not around the whole app, so that the login screen loads neither (issue 19); the
 * query cache is one for all of them.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </DatesProvider>
  );
}
