import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RepeatingJobs } from '../lifecycle/repeating-jobs.js';
import type { RetentionEnv } from './retention-config.js';
import { applyRetention, type RetentionRule } from './retention-rule.js';

/** What a service's retention job applies (its rules, with the shared tables'), and how often. */
export interface RetentionOptions {
  rules: RetentionRule[];
  config: Pick<RetentionEnv, 'RETENTION_INTERVAL_MS' | 'RETENTION_BATCH_SIZE'>;
}

export const RETENTION_OPTIONS = Symbol('RETENTION_OPTIONS');

/** The first run soon after start: a process restarted more often than the interval still prunes. */
const FIRST_RUN_AFTER_MS = 30_000;

/**
 * A service's retention job (issue 47, decision 0075): every RETENTION_INTERVAL_MS it deletes what
 * outlived its period, rule after rule, in batches. Safe on every replica: each batch takes its rows
 * with SKIP LOCKED, and a DELETE of what is already gone deletes nothing.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('retention');
  private readonly jobs = new RepeatingJobs(this.logger);

  constructor(
    @Inject(RETENTION_OPTIONS) private readonly options: RetentionOptions,
    private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.every(this.options.config.RETENTION_INTERVAL_MS, 'rows deleted in all', () => this.run(), FIRST_RUN_AFTER_MS);
  }

  /** One run now (the timer's, or a test's): how many rows went. */
  run(): Promise<number> {
    return applyRetention(this.dataSource.manager, this.options.rules, this.options.config.RETENTION_BATCH_SIZE, this.logger);
  }

  // Before the application's shutdown hooks, which close the database: a run still going ends first.
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
