import { sqlFor, type SharedTables } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import type { DB } from './schema.generated.js';

/**
 * Typed statements on the donations schema (decision 0035): its own tables and those every service
 * holds (outbox, inbox, members; no mail outbox: this service sends no mail); run them with rows/firstRow/write.
 */
export const db = sqlFor<DB & Omit<SharedTables, 'mail_outbox'>>(SCHEMA);
