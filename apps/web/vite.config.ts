import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { contractDeclarations } from './build/contract-declarations';
import { deSections } from './build/de-sections';
import { stylesAfterSkeleton } from './build/styles-after-skeleton';
import { zodMiniCopy } from './build/zod-mini-copy';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/api', '/external', '/mediaLibrary', '/media-files'];

/** Modules every screen loads first besides the vendor chunk and the entry (docs/bundle.md); see `start`. */
const FIRST_LOAD: readonly RegExp[] = [
  /[\\/]src[\\/]lib[\\/](activity|api-client|api-error|external-store|form-data|portal|session|settings|storage|use-session|routing[\\/]denied-request|routing[\\/]route-access|routing[\\/]route-guard|routing[\\/]route-table)\.ts$/,
  /[\\/]src[\\/]components[\\/](feedback[\\/]confirm|form[\\/]dirty-guard|form[\\/]unsaved-changes|overlay[\\/]overlays|page[\\/]use-document-title)\.tsx?$/,
  /[\\/]src[\\/]i18n[\\/]de\.ts\?de-section=(app|common|confirm|errors|login|unsavedChanges)$/,
  /[\\/]contract[\\/]src[\\/](app-links\.ts\?contract-declaration=(APP_PATHS|deepLinkValue|HOST_DEEP_LINK_PARAM|hostPageLink|parameterName|threadQuery)|auth\.ts\?contract-declaration=AUTH_MESSAGES|errors\.ts\?contract-declaration=MESSAGES|links\.ts\?contract-declaration=(ADDRESS_BREAKS|BLANKS|decodeEscapes|decodeFully|isLoginPath|LINK_MESSAGES|pathOf|routeSegments)|media\.ts\?contract-declaration=MEDIA_API|paths\.ts\?contract-declaration=(API|PARAMETER|isPublicApiPath|pathTemplate)|roles\.ts\?contract-declaration=(ROLES|expandRoles|hasRole|isUserAdmin))$/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Anchor|CloseButton|Input|InputBase|Loader|Paper|PasswordInput|Text|TextInput|Title|Transition|UnstyledButton)[\\/]/,
  /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-did-update|use-id|use-media-query|use-reduced-motion|use-uncontrolled|use-window-event|utils[\\/]random-id)[\\/]/,
  /node_modules[\\/]@mantine[\\/]modals[\\/]esm[\\/]events\.mjs$/,
  /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]IconLock)\.mjs$/,
  /vite[\\/]preload-helper/,
];

/**
 * Modules every framed screen (the dashboard among them) loads first besides `FIRST_LOAD`; see `frame-start`.
 * Named one by one from the bundle map (docs/bundle.md): a feature's `index.ts` must not be named (the entry
 * imports it, so the login screen would load the group), nor anything a framed screen loads lazily. Modules,
 * never folders: a group that named `src/app/frame/` stopped the app from starting.
 */
const FRAME_LOAD: readonly RegExp[] = [
  // TanStack Query, all but useQueries (the content tables) and the infinite queries (the lists with 'more')
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!queriesObserver|useQueries|infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)/,
  // zod/mini with its own core (build/zod-mini-copy.ts): the frame's and the session's answers are checked
  /node_modules[\\/]zod[\\/]v4[\\/].*\?zod-mini$/,
  /[\\/]src[\\/]lib[\\/]session-schemas\.ts$|[\\/]contract[\\/]src[\\/]auth\.ts\?contract-declaration=(ZProfile|ZRole|ZTokenPair|ZUserGroup)$/,
  // the frame: layout, top bar, navigation with the category tree, breadcrumbs, the search field's stand-in
  /[\\/]src[\\/]app[\\/](data-providers\.tsx|frame-styles\.ts|query-client\.ts|frame[\\/]frame\.module\.css)$/,
  /[\\/]src[\\/]app[\\/]frame[\\/](breadcrumbs|frame|frame-header|lazy-search-field|logout-button|nav-sections|navigation)\.tsx?$/,
  // the bell's stand-in (issue 37): the bell with its count and its list load apart
  /[\\/]src[\\/]features[\\/]notifications[\\/]components[\\/]lazy-notification-bell\.tsx$/,
  /[\\/]src[\\/](features[\\/]categories[\\/](components[\\/](category-form-sheet|category-navigation|category-tree|use-tree-expansion)|api[\\/](get-category-form-data|get-category-tree))|features[\\/]blog[\\/]lib[\\/]internal-list|components[\\/]sortable-tree[\\/]tree-list)\.tsx?$/,
  /[\\/]src[\\/](components[\\/]feedback[\\/]lazy-load-failed|components[\\/]page[\\/]breadcrumb-trail|components[\\/]sortable-tree[\\/](tree-expansion|tree-row|tree\.module)|features[\\/]categories[\\/](api[\\/]query-keys|lib[\\/]category-link|components[\\/](category-node-link|category-tree\.module))|features[\\/]blog[\\/]lib[\\/]list-query|features[\\/]search[\\/](lib[\\/]shortcut|components[\\/]use-search-shortcut)|lib[\\/]tree-transforms)\.(ts|tsx|css)$/,
  /[\\/]src[\\/]i18n[\\/]de\.ts\?de-section=(categories|frame|nav|search|tree)$/,
  /[\\/]contract[\\/]src[\\/](blog\.ts\?contract-declaration=BLOG_TITLES|categories\.ts\?contract-declaration=(CATEGORY_API|CATEGORY_MESSAGES|CATEGORY_TYPES|openApiComponent|ZCategoryType|ZContentCategory|ZContentCategoryFormData|ZContentCategoryTree|ZParentName)|links\.ts\?contract-declaration=(CONTROL|isAllowedUrl|isInternalPath|isPlainName|isRelativeUrl|isSafeRelativeUrl|SCHEME)|app-links\.ts\?contract-declaration=(appLink|portalAddress)|search\.ts\?contract-declaration=SEARCH_MESSAGES)$/,
  // Mantine's components, hooks and stylesheets and the icons they use
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Accordion[\\/]AccordionChevron\.mjs$|Breadcrumbs|Burger|Collapse|Group|NavLink|Skeleton)[\\/]?/,
  /node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/](Badge|Burger|Container|Divider|Flex|FloatingIndicator|Group|InlineInput|NavLink|Popover|ScrollArea|Skeleton)\.css$/,
  /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-collapse|use-merged-ref)[\\/]/,
  /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(AddressBook|Bell|BuildingFactory2|BuildingStore|CalendarEvent|ChevronDown|ChevronRight|ExternalLink|History|LayoutDashboard|Logout|Messages|News|Photo|Plus|Search|Users|UsersGroup|Vocabulary)\.mjs$/,
];

/**
 * Modules the dashboard loads besides the frame's: its page, lists (news, next events, forum, quick access),
 * intro and their helpers, texts, contract values and Mantine components; see `dashboard`. Each one is
 * loaded by the dashboard anyway (docs/bundle.md tells how the list was made); a screen that shares one of
 * them loads the group with it, and nothing here is loaded lazily by the dashboard.
 */
const DASHBOARD_LOAD: readonly RegExp[] = [
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Accordion|Badge|SimpleGrid|Typography)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/](Accordion|SimpleGrid|Typography)\.css$/,
  /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(ArrowRight|Check|Pencil|Repeat|X)\.mjs$/,
  /[\\/]contract[\\/]src[\\/]event-registration\.ts\?contract-declaration=(EVENT_CAPACITY_MAX|EVENT_GUESTS_MAX|EVENT_REMINDER_HOURS_MAX|EVENT_SERIES_MAX|RECURRENCE_FREQUENCIES|REGISTRATION_LABELS|REGISTRATION_MESSAGES|registrationEventFields|ZRecurrence|ZWaitlistEntry)$/,
  /[\\/]contract[\\/]src[\\/](blog\.ts\?contract-declaration=(BLOG_API|BLOG_MESSAGES|circularLabel|ZBlog|ZBlogAttachment|ZBlogAuthor|ZCircularNumber|ZOwnConfirmation)|dashboard\.ts\?contract-declaration=(DASHBOARD_API|ZDashboardIntro)|events\.ts\?contract-declaration=(eventCursor|EVENT_MESSAGES|EVENTS_API|ZEvent|ZEventSubscription|ZEventUser)|forums\.ts\?contract-declaration=(FORUM_API|ZForumUnread)|links\.ts\?contract-declaration=mediaLinkNames)$/,
  /[\\/]src[\\/]i18n[\\/]de\.ts\?de-section=(dashboard|pages|quickAccess)$/,
  /[\\/]src[\\/]features[\\/]dashboard[\\/](api[\\/]get-intro|components[\\/](dashboard-intro|denied-notice|upcoming-events-slot)|dashboard-page)\.tsx?$/,
  /[\\/]src[\\/]features[\\/]blog[\\/](api[\\/](get-latest-posts|get-to-confirm|query-keys)|lib[\\/]post-status|components[\\/](blog\.module|latest-posts|latest-posts\.module|to-confirm-posts))\.(ts|tsx|css)$/,
  /[\\/]src[\\/]features[\\/]events[\\/](api[\\/](get-next-events|query-keys|set-event-status)|lib[\\/](event-dates|event-pages|event-status|registration)|components[\\/](answer-buttons|event-list-item|events\.module|next-events|registration-marks|status-badge|use-answer-event))\.(ts|tsx|css)$/,
  /[\\/]src[\\/]features[\\/]forums[\\/](api[\\/](get-unread|query-keys)|components[\\/](forum-news|forums\.module))\.(ts|tsx|css)$/,
  /[\\/]src[\\/]features[\\/]categories[\\/](api[\\/]get-quick-access|components[\\/](quick-access|quick-access\.module))\.(ts|tsx|css)$/,
  /[\\/]src[\\/](components[\\/](list-section|page[\\/]page|rich-text)|lib[\\/](download-file|formatting|links))\.(ts|tsx)$/,
];

/**
 * The sections of the German texts of which the first screens read a few keys (the dashboard about 25 of the
 * some 150 keys of `events`, `forums`, `circulars` and `blog`): served key by key (build/de-sections.ts,
 * decision 0196). A group below takes the keys its modules read; the rest come in the group `texts`.
 */
const TEXTS_BY_KEY = [
  'blog',
  'categories',
  'circulars',
  'dashboard',
  'events',
  'forums',
  'search',
  'tree',
] as const;
const texts = deSections(TEXTS_BY_KEY);
const KEYED_TEXTS = new RegExp(
  `[\\\\/]src[\\\\/]i18n[\\\\/]de\\.ts\\?de-section=(${TEXTS_BY_KEY.join('|')})(\\.\\w+)?$`,
);

/** A group's test: the modules `patterns` name, and the keys of the texts that those modules read. */
function withTheirTexts(patterns: readonly RegExp[]): (id: string) => boolean {
  const named = (id: string) => patterns.some((pattern) => pattern.test(id));
  return (id) => named(id) || (KEYED_TEXTS.test(id) && texts.readers(id).some(named));
}

/**
 * `ANALYZE=1 npx vite build` also writes the bundle map (what each chunk holds, with gzipped sizes) to
 * `apps/web/stats.html` (or `ANALYZE=<file>`, `.json` for raw data); see docs/bundle.md.
 */
function bundleMap(): PluginOption[] {
  const target = process.env.ANALYZE;
  if (!target) return [];
  const filename = target === '1' ? 'stats.html' : target;
  return [
    visualizer({
      filename,
      template: filename.endsWith('.json') ? 'raw-data' : 'treemap',
      gzipSize: true,
    }),
  ];
}

export default defineConfig({
  plugins: [
    react(),
    contractDeclarations(),
    ...texts.plugins,
    zodWithoutJsonSchema(),
    zodMiniCopy(),
    stylesAfterSkeleton(),
    ...bundleMap(),
  ],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the portal supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs first, in one file instead of a handful of shared chunks: it compresses
            // better and takes one of the browser's six connections (docs/bundle.md).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|clsx)[\\/]|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
              priority: 10,
            },
            // The rest of what the login screen runs (it is shared with lazy screens, so it would otherwise
            // come as some thirty chunks under 2 KB each, compressed one by one): the app's API client and
            // session, the texts and contract values they quote, Mantine's inputs, loader and title. Every
            // module named here is loaded by the login screen anyway; nothing lazy may be named here.
            {
              name: 'start',
              test: withTheirTexts(FIRST_LOAD),
              priority: 5,
            },
            // What every framed screen runs first: TanStack Query, zod/mini, the frame with its navigation,
            // category tree, links and breadcrumbs (the frame's chunk and some twenty under 2 KB otherwise).
            {
              name: 'frame-start',
              test: withTheirTexts(FRAME_LOAD),
              priority: 4,
              // Only the modules named: the frame imports every feature's navigation and dialogs.
              includeDependenciesRecursively: false,
            },
            // The dashboard's page and what it loads besides the frame (some twenty chunks otherwise); a
            // screen that shares one of its modules (the events list, the event row) loads it too.
            {
              name: 'dashboard',
              test: withTheirTexts(DASHBOARD_LOAD),
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // The keys of TEXTS_BY_KEY that no group above reads, for the other screens: one chunk.
            { name: 'texts', test: KEYED_TEXTS, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
