import preset from '../jest.preset.js';

// Journeys against the whole running system (started by the test runner): API contract tests,
// browser journeys and deployment file checks.
export default {
  ...preset,
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  testTimeout: 60000,
};
