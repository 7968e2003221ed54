import { sqlFor } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import type { DB } from './schema.generated.js';

/** Typed statements on the messaging schema (decision 0035); run them with rows/firstRow/write. */
export const db = sqlFor<DB>(SCHEMA);
