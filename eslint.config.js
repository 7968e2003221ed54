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
);
