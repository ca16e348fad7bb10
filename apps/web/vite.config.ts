import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { contractDeclarations } from './build/contract-declarations';
import { deSections } from './build/de-sections';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/api', '/external', '/mediaLibrary', '/media-files'];

/** Modules every screen loads first besides the vendor chunk and the entry (docs/bundle.md); see `start`. */
const FIRST_LOAD: readonly RegExp[] = [
  /[\\/]src[\\/]lib[\\/](activity|api-client|api-error|external-store|form-data|portal|session|storage|upload-request|use-session|routing[\\/]route-access|routing[\\/]route-table)\.ts$/,
  /[\\/]src[\\/]components[\\/](feedback[\\/]confirm|form[\\/]dirty-guard|form[\\/]unsaved-changes|overlay[\\/]overlays|page[\\/]use-document-title)\.tsx?$/,
  /[\\/]src[\\/]i18n[\\/]de\.ts\?de-section=(app|common|confirm|errors|login|unsavedChanges)$/,
  /[\\/]contract[\\/]src[\\/](admin\.ts\?contract-declaration=ADMIN_PATHS|auth\.ts\?contract-declaration=AUTH_MESSAGES|errors\.ts\?contract-declaration=MESSAGES|links\.ts\?contract-declaration=LINK_MESSAGES|media\.ts\?contract-declaration=MEDIA_API|notifications\.ts\?contract-declaration=NOTIFICATION_SETTINGS_PATH|paths\.ts\?contract-declaration=(API|PARAMETER|isPublicApiPath|pathTemplate)|roles\.ts\?contract-declaration=(ROLES|expandRoles|hasRole|isUserAdmin))$/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Anchor|CloseButton|Input|InputBase|Loader|Paper|PasswordInput|Text|TextInput|Title|Transition|UnstyledButton)[\\/]/,
  /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-did-update|use-id|use-media-query|use-reduced-motion|use-uncontrolled|use-window-event|utils[\\/]random-id)[\\/]/,
  /node_modules[\\/]@mantine[\\/]modals[\\/]esm[\\/]events\.mjs$/,
  /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]IconLock)\.mjs$/,
  /vite[\\/]preload-helper/,
];

/** Modules every framed screen (the dashboard among them) loads first besides `FIRST_LOAD`; see `frame-start`. */
const FRAME_LOAD: readonly RegExp[] = [
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /node_modules[\\/]dayjs[\\/](dayjs\.min|locale[\\/]de)\.js$/,
  /node_modules[\\/]@mantine[\\/]dates[\\/]esm[\\/]components[\\/]DatesProvider[\\/]/,
];

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
  plugins: [react(), contractDeclarations(), ...deSections(), zodWithoutJsonSchema(), ...bundleMap()],
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
              test: (id: string) => FIRST_LOAD.some((pattern) => pattern.test(id)),
              priority: 5,
            },
            // What every framed screen runs first: TanStack Query, dayjs and the frame itself.
            {
              name: 'frame-start',
              test: (id: string) => FRAME_LOAD.some((pattern) => pattern.test(id)),
              priority: 4,
              // Only the modules named: the frame imports every feature's navigation and dialogs.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
