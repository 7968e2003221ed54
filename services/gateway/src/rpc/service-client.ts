import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { ErrorCodes, Messages, type RpcRequest, type RpcResponse, type RpcSubject } from '@hdiya/contracts';
import { callService, RpcRefusal } from '@hdiya/platform';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Request-reply to the services over NATS; their typed refusals become HTTP errors. */
@Injectable()
export class ServiceClient {
  private readonly logger = new Logger('rpc');

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The catalog types both sides: a payload or a use of the answer that does not match fails to compile. */
  async call<S extends RpcSubject>(subject: S, payload: RpcRequest<S>, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<RpcResponse<S>> {
    try {
      return await callService(this.client, subject, payload, timeoutMs);
    } catch (error) {
      if (error instanceof RpcRefusal) {
        const { status, code, message, field, retryAt, suspension } = error.body;
        throw new ApiException(status, code, message, field, retryAt, suspension);
      }
      this.logger.warn((error as Error).message);
      throw new ApiException(503, ErrorCodes.SERVICE_UNAVAILABLE, Messages.serviceUnavailable);
    }
  }

  natsConnection(): NatsConnection | null {
    try {
      return this.client.unwrap<NatsConnection>();
    } catch {
      return null;
    }
  }
}
