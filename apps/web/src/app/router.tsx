import { APP_PATHS } from '@portal/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import {
  loadAdminAuditPage,
  loadAdminCompaniesPage,
  loadAdminCompanyImportPage,
  loadAdminCompanyPage,
  loadAdminCompanyReviewPage,
  loadAdminGroupsPage,
  loadAdminMembersPage,
  loadAdminSpecialtiesPage,
} from '../features/admin';
import { type LoginLoaderData, loginLoader, loginPage } from '../features/auth';
import { loadBlogPage } from '../features/blog';
import { loadCompanyPage, loadDirectoryPage, loadPersonPage } from '../features/companies';
import { loadContentPage } from '../features/content';
import { loadDashboardPage } from '../features/dashboard';
import { loadEventPage } from '../features/events';
import { loadForumPage, loadThreadPage } from '../features/forums';
import { loadMediaPage } from '../features/media';
import { loadNotificationSettingsPage } from '../features/notifications';
import { loadSearchPage, loadSearchSynonymsPage } from '../features/search';
import { loadServicesPage } from '../features/services';
import { guardLoader } from '../lib/routing/guard-loader';
import { hasLoginParams, REQUEST_PARAM } from '../lib/routing/route-guard';
import { ROUTES, type RouteMeta } from '../lib/routing/route-table';
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

const loadFrame = async () => (await import('./frame/frame')).Frame;

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
  screen(ROUTES.directory, loadDirectoryPage),
  screen(ROUTES.company, loadCompanyPage),
  screen(ROUTES.person, loadPersonPage),
  screen(ROUTES.search, loadSearchPage),
  screen(ROUTES['notification-settings'], loadNotificationSettingsPage),
  screen(ROUTES['admin-members'], loadAdminMembersPage),
  screen(ROUTES['admin-groups'], loadAdminGroupsPage),
  screen(ROUTES['admin-audit'], loadAdminAuditPage),
  screen(ROUTES['admin-synonyms'], loadSearchSynonymsPage),
  screen(ROUTES['admin-companies'], loadAdminCompaniesPage),
  screen(ROUTES['admin-company-review'], loadAdminCompanyReviewPage),
  screen(ROUTES['admin-company-import'], loadAdminCompanyImportPage),
  screen(ROUTES['admin-specialties'], loadAdminSpecialtiesPage),
  screen(ROUTES['admin-company'], loadAdminCompanyPage),
  screen(ROUTES['not-found'], async () => (await import('./not-found-page')).NotFoundPage),
];

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => replace(APP_PATHS.dashboard) },
      {
        id: ROUTES.login.name,
        path: ROUTES.login.path,
        handle: { name: ROUTES.login.name, role: null },
        loader: loginWithPage,
        Component: loginPage.Component,
      },
      {
        id: 'frame',
        lazy: { Component: loadFrame },
        children: framedScreens,
      },
    ],
  },
];

/**
 * The login route's loader: a login link is exchanged and leads on to the dashboard without the login
 * screen's chunk; otherwise the chunk loads beside the loader, so that the screen then shows at once.
 */
async function loginWithPage(args: LoaderFunctionArgs): Promise<LoginLoaderData> {
  const search = new URL(args.request.url).searchParams;
  if (hasLoginParams(search)) preloadAfterLogin(search);
  const page = hasLoginParams(search) ? null : loginPage.preload();
  // A redirect leaves `page` unawaited: its failure is told when the screen is wanted again.
  page?.catch(() => undefined);
  const data = await loginLoader(args);
  await (page ?? loginPage.preload());
  return data;
}

/**
 * While a login link is exchanged, the frame and (without a deep link) the dashboard load beside it, instead
 * of after it (issue 19: the dashboard within 1 s of the host page). A failed load is told by the route later.
 */
function preloadAfterLogin(search: URLSearchParams): void {
  void loadFrame().catch(() => undefined);
  if (!search.has(REQUEST_PARAM)) void loadDashboardPage().catch(() => undefined);
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** History-mode data router; created once at start-up (outside React), after the settings are read. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
