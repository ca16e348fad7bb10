import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, replace } from 'react-router';
import { loadAdminAuditPage, loadAdminGroupsPage, loadAdminMembersPage } from '../features/admin';
import { loadLoginPage, loginLoader } from '../features/auth';
import { loadBlogPage } from '../features/blog';
import { loadContentPage } from '../features/content';
import { loadDashboardPage } from '../features/dashboard';
import { loadEventPage } from '../features/events';
import { loadForumPage, loadThreadPage } from '../features/forum';
import { loadMediaPage } from '../features/media';
import { loadNotificationSettingsPage } from '../features/notifications';
import { loadSearchPage } from '../features/search';
import { loadServicesPage } from '../features/services';
import { guardLoader } from '../lib/routing/guard-loader';
import { DASHBOARD_PATH, ROUTES, type RouteMeta } from '../lib/routing/route-table';
import { AppLoading } from './app-loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

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
  screen(ROUTES.dashboard, loadDashboardPage),
  screen(ROUTES.blog, loadBlogPage),
  screen(ROUTES.content, loadContentPage),
  screen(ROUTES.event, loadEventPage),
  screen(ROUTES['forum-view'], loadForumPage),
  screen(ROUTES['thread-view'], loadThreadPage),
  screen(ROUTES['media-overview'], loadMediaPage),
  screen(ROUTES.media, loadMediaPage),
  screen(ROUTES['service-offerings'], loadServicesPage),
  screen(ROUTES.search, loadSearchPage),
  screen(ROUTES['notification-settings'], loadNotificationSettingsPage),
  screen(ROUTES['admin-members'], loadAdminMembersPage),
  screen(ROUTES['admin-groups'], loadAdminGroupsPage),
  screen(ROUTES['admin-audit'], loadAdminAuditPage),
  screen(ROUTES['not-found'], async () => (await import('./not-found-page')).NotFoundPage),
];

const routes: RouteObject[] = [
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
        lazy: { Component: loadLoginPage },
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
