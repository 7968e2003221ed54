import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
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

/** The donations service's layers, as zones a folder may not import from. */
function donationsLayers(src) {
  const features = ['categories', 'donations', 'favorites', 'images', 'impact', 'members', 'reports', 'reservations', 'saved-searches', 'waitlist'];
  const at = (folder) => `./${src}/${folder}`;
  return [
    { target: at('database'), from: [at('core'), ...features.map(at)], message: 'database/ is below every folder.' },
    { target: at('core'), from: features.map(at), message: 'core/ is below every feature.' },
    ...features.map((feature) => ({
      target: at(feature),
      from: features.filter((other) => other !== feature).map(at),
      message: 'A feature stands on core/ only, never on another feature.',
    })),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.nx/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { hdiya: boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'hdiya/project-boundaries': ['error', { depConstraints }],
    },
  },
  // Imports name `.js`; import-x's resolver finds the `.ts` beside it.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  // The donations service's folders depend downward: features on core/, core/ on database/, never
  // a feature on another (one folder each) nor anything back up; and no import cycle.
  {
    files: ['services/donations/**/*.ts'],
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: donationsLayers('services/donations/src') }],
    },
  },
);
