import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Alias } from 'vite'

// The API server the dev server forwards to (npm start serves both on one port in production).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

// wouter and Radix import `use-sync-external-store/shim`, a copy of the hook for React < 18;
// React 19 has the hook, so the copy would only add bytes to every page.
const shimAlias: Alias = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(new URL('src/client/lib/use-sync-external-store.ts', import.meta.url)),
}

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|mitt)[\\/]|src[\\/]client[\\/]lib[\\/](api|cn|session-id|use-sync-external-store)\.ts|src[\\/]contracts[\\/](api-route|error-field)\.ts/
const FORMS_ONLY =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useMutation|mutationObserver)\.js$/

export default defineConfig({
  root: '.',
  // React's plugin: fast refresh in `npm run dev` (decision 033).
  plugins: [react(), tailwindcss()],
  resolve: { alias: [shimAlias] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Every browser the store meets takes <link rel="modulepreload"> (Safari since 17); an
    // older one fetches the framework chunk when the entry asks for it, a moment later.
    // The chunks a page imports later are not linked from script when it imports them (the
    // helper added a <link> per chunk during hydration: 20 ms of main thread on a product page
    // at 1× CPU); the server names a drawn page's chunks in its HTML instead, from the manifest
    // (src/server/modules/web/page-preloads.ts).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    manifest: true,
    // One stylesheet for every screen (the admin chart's few rules included), which the build
    // puts inside every page (scripts/build.mjs, decision 031): a chunk loaded later then has
    // no stylesheet of its own to fetch again as a <link> (a second download and a restyle).
    cssCodeSplit: false,
    // The framework (React, TanStack Query, wouter) and the store's fetch helpers in one
    // chunk: one gzip stream instead of four small files, 1 KB less on the home page (issue 16).
    // useMutation and its observer stay out: only forms use them, and the home page has none.
    rollupOptions: {
      // 'use client' marks a server-components boundary; these pages have none, so the note that
      // bundling drops the directive (once per package file) says nothing.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) => FRAMEWORK.test(id) && !FORMS_ONLY.test(id),
            },
            { name: 'home', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
})
