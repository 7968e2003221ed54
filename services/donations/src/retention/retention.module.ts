import { Module } from '@nestjs/common';
import { inboxRule, outboxRule, RETENTION_OPTIONS, RetentionJob, type RetentionOptions } from '@hdiya/platform';
import { DONATIONS_CONFIG, SCHEMA, type DonationsConfig } from '../config.js';

/**
 * What the donations service deletes, and when: the outbox and inbox rows already handled. What
 * else it holds follows the account (docs/privacy.md); unused photos have their own sweep (images).
 */
export const donationsRetention = (config: DonationsConfig): RetentionOptions => ({ rules: [outboxRule(SCHEMA, config), inboxRule(SCHEMA, config)], config });

/** The service's retention job (issue 47). */
@Module({ providers: [{ provide: RETENTION_OPTIONS, useFactory: donationsRetention, inject: [DONATIONS_CONFIG] }, RetentionJob] })
export class RetentionModule {}
