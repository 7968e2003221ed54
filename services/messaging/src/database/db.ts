import { sqlFor, type SharedTables } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import type { DB } from './schema.generated.js';

/**
 * Typed statements on the messaging schema (decision 0035): its own tables and those every service
 * holds (outbox, inbox, members…); run them with rows/firstRow/write.
 */
export const db = sqlFor<DB & SharedTables>(SCHEMA);

/** The tables the messaging service's statements name. */
export type MessagingTables = DB & SharedTables;
