// Shared jest settings: ESM TypeScript compiled by SWC (decorator metadata for Nest DI),
// workspace libraries resolved to their sources so tests never need a prior build.
const root = import.meta.dirname;

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^@hdiya/([a-z-]+)$': `${root}/libs/$1/src/index.ts`,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 30000,
};
