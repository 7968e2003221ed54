import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { firstScreens } from './build/first-screens.ts';
import { initialSize } from './build/initial-size.ts';
import { scriptsAfterFirstScreen } from './build/scripts-after-first-screen.ts';

// The gateway serves /api and socket.io on port 3000; in development Vite forwards both so the
// session cookie stays first-party. Keep the Host header (no changeOrigin): the gateway's Origin
// check compares the browser's Origin with the request's own host.
const gateway = 'http://localhost:3000';
const proxy = {
  '/api': { target: gateway },
  '/socket.io': { target: gateway, ws: true },
};

// Installable and usable offline: the shell is precached; browse results, reference data and
// photos are kept from the last visit (network first for results, so online is always fresh).
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer', // a file, not inline script: the Content-Security-Policy stays strict
  includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Hdiya — dons entre voisins',
    short_name: 'Hdiya',
    description: 'Donnez et recevez gratuitement des objets près de chez vous, partout au Maroc.',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#c2410c',
    background_color: '#faf8f5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // Web Push: the push and notificationclick handlers (public/push-handler.js), our own file (CSP script-src 'self').
    importScripts: ['/push-handler.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
    runtimeCaching: [
      {
        urlPattern: ({ url }) => ['/api/donations', '/api/donations/nearby', '/api/donations/recent'].includes(url.pathname),
        handler: 'NetworkFirst',
        options: { cacheName: 'browse-results', networkTimeoutSeconds: 4, expiration: { maxEntries: 30 } },
      },
      {
        urlPattern: ({ url }) => ['/api/categories', '/api/cities', '/api/map-config', '/api/stats/impact'].includes(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'reference' },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/api/images/'),
        handler: 'CacheFirst',
        options: { cacheName: 'photos', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } },
      },
    ],
  },
});

// Every text file of the build also written as .br and .gz (maximum levels, once per build): the
// gateway serves the one the browser accepts (services/gateway/src/frontend/spa.ts), so no script
// or style sheet is compressed per request. A file that would not shrink is left alone. The
// service worker's two files, written after this runs, are compressed by the gateway's middleware.
const precompressed = compression({
  include: /\.(html|css|js|mjs|json|svg|webmanifest)$/,
  algorithms: ['brotliCompress', 'gzip'],
  logLevel: 'silent',
});

// react, react-dom (and their subpaths: jsx-runtime, client) and the shim react-i18next brings
// for old Reacts, all answered by preact/compat.
const PREACT_FOR_REACT = { 'react-dom': 'preact/compat', react: 'preact/compat', 'use-sync-external-store/shim': 'preact/compat' };

// React Router 7's package exports name only its development build (dev warnings, checks and all):
// a production build takes the production one it ships beside it (react-router issue 12532).
const routerDist = resolve(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const routerProduction = resolve(routerDist, 'production');
const routerDevelopment = resolve(routerDist, 'development');
const routerBuild = (mode: string) =>
  mode === 'production'
    ? [
        { find: /^react-router$/, replacement: resolve(routerProduction, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: resolve(routerProduction, 'dom-export.mjs') },
      ]
    : [];

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [scriptsAfterFirstScreen(), firstScreens(resolve(import.meta.dirname, 'src/locales')), initialSize({ alsoLargestOf: /\/src\/locales\/(fr|ar)\.ts$/ }), pwa, precompressed],
  // The app is written against React's API and runs on Preact's compatible one: the same
  // components, a tenth of the framework's weight in the first download (decision 0054).
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: [
      ...routerBuild(mode),
      { find: '@', replacement: resolve(import.meta.dirname, 'src') },
      ...Object.entries(PREACT_FOR_REACT).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // TanStack Query marks its modules "use client" for server components; a single-page app has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  test: {
    environment: 'node',
    // A component test names its DOM in its first line (`// @vitest-environment happy-dom`).
    include: ['src/**/*.spec.{ts,tsx}'],
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    // Libraries that import `react` go through Vite, so the alias gives them Preact as in the app.
    server: { deps: { inline: [/react-i18next/, /@tanstack\/react-query/, /react-router/, /lucide-react/, /react-leaflet/] } },
    // Node's condition names the router's CommonJS files, which `require` React itself: the ES ones.
    alias: [
      { find: /^react-router-dom$/, replacement: resolve(dirname(createRequire(import.meta.url).resolve('react-router-dom/package.json')), 'dist/index.mjs') },
      { find: /^react-router$/, replacement: resolve(routerDevelopment, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: resolve(routerDevelopment, 'dom-export.mjs') },
    ],
    setupFiles: ['src/test-setup.ts'],
    // Let stylesheets through (as `?raw` text) so a test can check them for physical properties.
    css: { include: [/\.css(\?|$)/] },
  },
}));
