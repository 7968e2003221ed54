import { inboxRule, outboxRule, type RetentionOptions } from '@hdiya/platform';
import { SCHEMA, type PointsConfig } from '../config.js';

/**
 * What the points service deletes, and when: the outbox and inbox rows already handled. The ledger
 * stays as long as the account (it is the audit trail; docs/privacy.md).
 */
export const pointsRetention = (config: PointsConfig): RetentionOptions => ({ rules: [outboxRule(SCHEMA, config), inboxRule(SCHEMA, config)], config });
