import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { RepeatingJobs } from '@hdiya/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { EndedSessionTraces } from './ended-session-traces.js';

/** The gateway's retention job (issue 47): every RETENTION_INTERVAL_MS, the traces of ended sessions go. */
@Injectable()
export class SessionTracesJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs = new RepeatingJobs(new Logger('retention'));
  readonly traces: EndedSessionTraces;

  constructor(
    @Inject(REDIS) redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.traces = new EndedSessionTraces(redis);
  }

  onApplicationBootstrap(): void {
    this.jobs.every(this.config.RETENTION_INTERVAL_MS, 'ended sessions taken out of the members’ indexes', () => this.traces.sweep());
  }

  // Before the application's shutdown hooks, which close Redis: a sweep still going ends first.
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
