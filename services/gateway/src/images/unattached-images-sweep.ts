import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Rpc } from '@hdiya/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ServiceClient } from '../rpc/service-client.js';
import { withMediumPhotos } from './donation-images.service.js';
import { ImageStore } from './image-store.js';

const BATCH = 100;
/** Who owns upload records: donation photos no donation took, chat photos no message took (decision 0045). */
const OWNERS = [Rpc.donations.sweepImages, Rpc.messaging.sweepPhotos] as const;

/**
 * Deletes uploads nothing took in time (a day for donations, an hour for chat photos): the owning
 * service forgets their records (SKIP LOCKED, so gateway replicas share the work) and answers the
 * keys, deleted here.
 */
@Injectable()
export class UnattachedImagesSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('images');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly services: ServiceClient,
    private readonly store: ImageStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.IMAGE_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass; returns how many objects it deleted. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let deleted = 0;
    try {
      for (const owner of OWNERS) deleted += await this.sweepOf(owner);
      if (deleted > 0) this.logger.log(`swept ${deleted} unattached photo object(s)`);
    } finally {
      this.running = false;
    }
    return deleted;
  }

  private async sweepOf(owner: (typeof OWNERS)[number]): Promise<number> {
    let deleted = 0;
    try {
      for (;;) {
        const { keys } = await this.services.call(owner, { limit: BATCH });
        await this.store.remove(withMediumPhotos(keys));
        deleted += keys.length;
        if (keys.length < BATCH * 2) break;
      }
    } catch (error) {
      this.logger.warn(`photo sweep (${owner}) failed: ${(error as Error).message}`);
    }
    return deleted;
  }
}
