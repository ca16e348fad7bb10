import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { contractDeclarations } from './build/contract-declarations';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/api', '/external', '/mediaLibrary', '/media-files'];

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
  plugins: [react(), contractDeclarations(), zodWithoutJsonSchema(), ...bundleMap()],
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
          ],
        },
      },
    },
  },
});
