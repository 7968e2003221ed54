export * from './infrastructure-types.js';
export * from './backend-choice.js';
export * from './start-test-infrastructure.js';
export * from './mail-catcher.js';
