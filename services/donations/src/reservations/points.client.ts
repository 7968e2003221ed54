import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { Rpc, type HoldRequest, type ReservationRef } from '@hdiya/contracts';
import { callService } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';

export const POINTS_RPC = Symbol('POINTS_RPC');

/** The two synchronous steps of the reservation saga; both are idempotent in the points service. */
@Injectable()
export class PointsClient {
  constructor(
    @Inject(POINTS_RPC) private readonly client: ClientProxy,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {}

  hold(request: HoldRequest): Promise<{ held: true }> {
    return callService(this.client, Rpc.points.hold, request, this.config.POINTS_RPC_TIMEOUT_MS);
  }

  release(ref: ReservationRef): Promise<{ released: boolean }> {
    return callService(this.client, Rpc.points.release, ref, this.config.POINTS_RPC_TIMEOUT_MS);
  }
}
