import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ReadyReport } from '@hdiya/contracts';
import { isReady } from '@hdiya/platform';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { ServiceClient } from '../rpc/service-client.js';

/**
 * The gateway's readiness and startup probe: this process alone. It is listening and not stopping,
 * its NATS connection is open and its Redis connection ready; nothing else is asked. A slow
 * service or a storage restart shows in /api/health (people, alerts) but must not take every
 * gateway out of the load balancer, nor keep new ones from starting (docs/operations.md#probes).
 */
@Controller('api/ready')
export class ReadyController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  @Get()
  check(@Res() res: Response): void {
    const report = this.report();
    res.status(report.status === 'ready' ? 200 : 503).json(report);
  }

  report(): ReadyReport {
    const nc = this.services.natsConnection();
    const missing = [
      ...(isReady() ? [] : ['listening']),
      ...(nc && !nc.isClosed() ? [] : ['nats']),
      ...(this.redis.status === 'ready' ? [] : ['redis']),
    ];
    return { status: missing.length === 0 ? 'ready' : 'not ready', missing };
  }
}
