export * from './test-env.js';
export * from './wait-for.js';
export * from './microservice.js';
export * from './infrastructure/index.js';
