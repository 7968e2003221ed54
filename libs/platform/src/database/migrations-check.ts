import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkMigrations } from './migration-checksums.js';

/**
 * Refuses to start a service on a database whose landed migrations differ from the code's
 * (decision 0034): Nest fails the bootstrap with the drift named, instead of serving on a schema
 * that no migration of this code describes. Pending migrations are only logged: the migrate
 * command runs them (an older replica may still run beside a newer schema during a rollout).
 */
@Injectable()
export class MigrationsCheck implements OnModuleInit {
  private readonly logger = new Logger(MigrationsCheck.name);

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const state = await checkMigrations(this.dataSource);
    if (state.pending.length > 0) this.logger.warn(`migrations not run yet: ${state.pending.join(', ')}`);
  }
}
