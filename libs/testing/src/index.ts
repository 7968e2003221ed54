export * from './test-env.js';
export * from './wait-for.js';
export * from './microservice.js';
export * from './infrastructure/index.js';
export * from './push-service-stand-in.js';
export * from './object-store.js';
export * from './handled-rows.js';
export * from './events-handled.js';
