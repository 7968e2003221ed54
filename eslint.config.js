import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './tools/eslint/project-boundaries.js';

/**
 * What each kind of project may import (tags are in each package.json under `nx.tags`): services
 * never import each other, the gateway imports no service, libraries import no service and the web
 * app imports only the browser-safe contracts.
 */
export const depConstraints = [
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  // The platform's own integration tests run on the test helpers built on it.
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'], alsoInTests: ['type:testing'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'], alsoInTests: ['type:testing'] },
  { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'], alsoInTests: ['type:testing'] },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:testing'] },
];

/**
 * How import-x finds the file behind an import, for `no-cycle` (decision 0036). Sources import
 * TypeScript files by their emitted name (`./x.js`, module `nodenext`), hence the extension alias.
 * Another project is reached by its package name, which resolves to that project's built `dist/`;
 * those files (and node_modules) are not parsed: a loop across projects is already impossible
 * because project-boundaries lets projects depend only downward, so no-cycle only has to walk
 * one project's own sources, which keeps it fast.
 */
const importSettings = {
  'import-x/resolver-next': [
    createNodeResolver({
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
      conditionNames: ['types', 'import', 'default'],
    }),
  ],
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  // Without it import-x parses TypeScript with its default parser and no-cycle finds nothing.
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/ignore': ['[\\\\/]node_modules[\\\\/]', '[\\\\/]dist[\\\\/]'],
};

/**
 * Folder layers inside a project, lowest first: a folder imports its own layer and the ones below,
 * never one above (decision 0036); the folders of a layer marked `apart` (features side by side) do
 * not import each other either. no-cycle sees loops between files; this also sees loops between
 * folders whose files do not loop (auth importing http while http imported auth).
 */
function layered(base, levels) {
  const at = (paths) => paths.map((p) => `${base}/${p}`);
  const message = 'Folders depend downward (decision 0036): import a layer below, never one above or beside.';
  return levels.flatMap(({ layer, apart }, i) => [
    ...(i < levels.length - 1 ? [{ target: at(layer), from: at(levels.slice(i + 1).flatMap((l) => l.layer)), message }] : []),
    ...(apart ? layer.map((folder) => ({ target: at([folder]), from: at(layer.filter((f) => f !== folder)), message })) : []),
  ]);
}

const folderLayers = [
  ...layered('services/gateway/src', [
    { layer: ['config.ts', 'errors', 'redis', 'rpc', 'security', 'frontend', 'core'] },
    { layer: ['session', 'input'] },
    { layer: ['realtime', 'images'], apart: true },
    { layer: ['auth', 'metrics', 'http', 'dead-letters'], apart: true },
    { layer: ['app.module.ts', 'gateway-app.ts', 'main.ts', 'app-routes.spec.ts'] },
  ]),
  ...layered('libs/contracts/src', [
    {
      layer: ['cities.ts', 'donations.ts', 'envelope.ts', 'errors.ts', 'health.ts', 'hoarding.ts', 'mail.ts', 'messaging.ts',
        'neighbourhood.ts', 'notification-delivery.ts', 'phone.ts', 'points.ts', 'reservation-actions.ts', 'reservations.ts', 'users.ts'],
    },
    { layer: ['messages.ts'] },
    { layer: ['validation'] },
    { layer: ['schemas', 'push.ts'] },
    { layer: ['rpc', 'events', 'http'], apart: true },
    { layer: ['index.ts'] },
  ]),
  // The donations service: features stand on core/ only, core/ on database/ (issue 22, item 4).
  ...layered('services/donations/src', [
    { layer: ['config.ts', 'database'] },
    { layer: ['core'] },
    {
      layer: ['asks', 'categories', 'donations', 'favorites', 'images', 'impact', 'members', 'ratings', 'reports', 'reservations', 'saved-searches', 'waitlist'],
      apart: true,
    },
    // The request window reserves through the saga and shows the askers' records; a new
    // donation's alerts go to saved searches and to asks.
    { layer: ['request-window', 'alerts'] },
    { layer: ['app.module.ts', 'main.ts', 'search-api.ts'] },
  ]),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.nx/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { hdiya: boundaries, 'import-x': importX },
    settings: importSettings,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'hdiya/project-boundaries': ['error', { depConstraints }],
      // Folders depend downward: a loop between files (type-only imports aside) fails the lint.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: folderLayers }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/components/link.tsx'],
    rules: {
      // React Router's links cost a third of a first render (issue 44): the app's own are plain anchors.
      'no-restricted-imports': ['error', {
        paths: ['react-router', 'react-router-dom'].map((name) => ({ name, importNames: ['Link', 'NavLink'], message: 'Use Link and NavLink from @/components/link.' })),
      }],
    },
  },
);
