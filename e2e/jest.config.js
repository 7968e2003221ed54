import preset from '../jest.preset.js';

// Journeys against the whole running system (started by the test runner): API contract tests,
// browser journeys and deployment file checks.
export default {
  ...preset,
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  // Two minutes: a browser test walking several screens took 40-60 s on a machine half as fast as
  // the usual one (2026-11-27), and a minute's limit failed it there by time alone.
  testTimeout: 120000,
  // One Chromium for the run's browser files when the runner asks (HDIYA_E2E_SHARED_BROWSER=1).
  globalSetup: '<rootDir>/support/shared-browser.setup.mjs',
  globalTeardown: '<rootDir>/support/shared-browser.teardown.mjs',
};
