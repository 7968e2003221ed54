// The contract between the web app, the gateway and the services: types, constants and one
// schema per input. Pure TypeScript plus zod, so the browser imports it as well as Node.
export * from './messages.js';
export * from './errors.js';
export * from './health.js';
export * from './phone.js';
export * from './points.js';
export * from './users.js';
export * from './donations.js';
export * from './messaging.js';
export * from './reservations.js';
export * from './cities.js';
export * from './envelope.js';
export * from './validation/fields.js';
export * from './validation/validate.js';
export * from './schemas/auth.js';
export * from './schemas/donations.js';
export * from './schemas/points.js';
export * from './schemas/messaging.js';
export * from './rpc/payloads.js';
export * from './rpc/catalog.js';
export * from './rpc/timeouts.js';
export * from './events/catalog.js';
export * from './events/users.events.js';
export * from './events/donations.events.js';
export * from './events/reservations.events.js';
export * from './events/messaging.events.js';
