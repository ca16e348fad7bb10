import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, replace } from 'react-router';
import { loginLoader } from '../features/auth/login-loader';
import { AppLoading } from './app-loading';
import { guardLoader } from './guard-loader';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { DASHBOARD_PATH, ROUTES, type RouteMeta } from './route-table';

/** A guarded screen of SPEC §2 whose page is loaded on first visit (one chunk per feature). */
function screen(route: RouteMeta, load: () => Promise<ComponentType>): RouteObject {
  return {
    id: route.name,
    path: route.path,
    handle: { name: route.name, role: route.role },
    loader: guardLoader(route),
    lazy: { Component: load },
  };
}

const framedScreens: RouteObject[] = [
  screen(ROUTES.dashboard, async () => (await import('../features/dashboard/dashboard-page')).DashboardPage),
  screen(ROUTES.blog, async () => (await import('../features/blog/blog-page')).BlogPage),
  screen(ROUTES.content, async () => (await import('../features/content/content-page')).ContentPage),
  screen(ROUTES.event, async () => (await import('../features/events/event-page')).EventPage),
  screen(ROUTES['forum-view'], async () => (await import('../features/forum/forum-page')).ForumPage),
  screen(ROUTES['thread-view'], async () => (await import('../features/forum/thread-page')).ThreadPage),
  screen(ROUTES['media-overview'], async () => (await import('../features/media/media-page')).MediaPage),
  screen(ROUTES.media, async () => (await import('../features/media/media-page')).MediaPage),
  screen(
    ROUTES['service-offerings'],
    async () => (await import('../features/services/services-page')).ServicesPage,
  ),
  screen(ROUTES['not-found'], async () => (await import('./not-found-page')).NotFoundPage),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => replace(DASHBOARD_PATH) },
      {
        id: ROUTES.login.name,
        path: ROUTES.login.path,
        handle: { name: ROUTES.login.name, role: null },
        loader: loginLoader,
        lazy: { Component: async () => (await import('../features/auth/login-page')).LoginPage },
      },
      {
        id: 'frame',
        lazy: { Component: async () => (await import('./frame/frame')).Frame },
        children: framedScreens,
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** History-mode data router; created once at start-up (outside React), after the settings are read. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
