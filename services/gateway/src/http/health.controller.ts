import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Rpc, type DependencyStatus, type HealthReport } from '@hdiya/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ImageStore } from '../images/image-store.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { ServiceClient } from '../rpc/service-client.js';
import { sharedProbe } from './shared-probe.js';

const PROBE_TIMEOUT_MS = 1000;
const SERVICES = ['users', 'points', 'donations', 'messaging'] as const;

/**
 * 200 when the gateway and every dependency answer, 503 with the failing parts otherwise. Anyone
 * may ask, so the parts are probed once at a time and the report is kept HEALTH_CACHE_MS: a flood
 * of requests costs the services nothing.
 */
@Controller('api/health')
export class HealthController {
  private readonly report: () => Promise<HealthReport>;

  constructor(
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly images: ImageStore,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'HEALTH_CACHE_MS'>,
  ) {
    this.report = sharedProbe(() => this.probe(), config.HEALTH_CACHE_MS);
  }

  @Get()
  async check(@Res() res: Response): Promise<void> {
    const report = await this.report();
    res.status(report.status === 'up' ? 200 : 503).json(report);
  }

  private async probe(): Promise<HealthReport> {
    const [redis, nats, storage, ...services] = await Promise.all([
      this.probeRedis(),
      this.probeNats(),
      this.images.ping().then((ok): DependencyStatus => (ok ? 'up' : 'down'), (): DependencyStatus => 'down'),
      ...SERVICES.map((service) => this.probeService(service)),
    ]);
    const dependencies: Record<string, DependencyStatus> = { redis, nats, storage };
    SERVICES.forEach((service, i) => (dependencies[service] = services[i]!));
    const status: DependencyStatus = Object.values(dependencies).every((s) => s === 'up') ? 'up' : 'down';
    return { service: 'gateway', status, dependencies };
  }

  private async probeRedis(): Promise<DependencyStatus> {
    try {
      if (this.redis.status !== 'ready') return 'down';
      await this.redis.ping();
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async probeNats(): Promise<DependencyStatus> {
    const nc = this.services.natsConnection();
    if (!nc || nc.isClosed()) return 'down';
    try {
      await nc.flush();
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async probeService(service: (typeof SERVICES)[number]): Promise<DependencyStatus> {
    try {
      const report = await this.services.call(Rpc[service].health, {}, PROBE_TIMEOUT_MS);
      return report.status;
    } catch {
      return 'down';
    }
  }
}
