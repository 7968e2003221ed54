import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { Rpc } from '@hdiya/contracts';
import { callService } from '@hdiya/platform';

export const POINTS_RPC = Symbol('POINTS_RPC');
const TIMEOUT_MS = 3000;

export interface HoldRequest {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
}

/** The two synchronous steps of the reservation saga; both are idempotent in the points service. */
@Injectable()
export class PointsClient {
  constructor(@Inject(POINTS_RPC) private readonly client: ClientProxy) {}

  hold(request: HoldRequest): Promise<{ held: true }> {
    return callService(this.client, Rpc.points.hold, request, TIMEOUT_MS);
  }

  release(ref: { reservationId: string; donationId: number; title: string }): Promise<{ released: boolean }> {
    return callService(this.client, Rpc.points.release, ref, TIMEOUT_MS);
  }
}
