import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/**
 * Providers of the whole app: Mantine (light) and the router. Query and dates come with the screens that use
 * them (data-providers.tsx).
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      // Writes every CSS variable, Mantine's defaults too: no default-css-variables.css in the first load.
      deduplicateCssVariables={false}
    >
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
