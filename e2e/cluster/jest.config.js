import preset from '../../jest.preset.js';

// The three-host cluster test (`npm run test:cluster`, root only): apart from the end-to-end
// suite, whose runner never picks up *.cluster.ts.
export default {
  ...preset,
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/*.cluster.ts'],
  testTimeout: 900_000,
};
