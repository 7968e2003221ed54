import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { ErrorCodes } from '@hdiya/contracts';
import { callService, RpcRefusal } from '@hdiya/platform';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

const UNAVAILABLE = 'Service temporairement indisponible. Réessayez dans un instant.';

/** Request-reply to the services over NATS; their typed refusals become HTTP errors. */
@Injectable()
export class ServiceClient {
  private readonly logger = new Logger('rpc');

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async call<T>(subject: string, payload: unknown, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<T> {
    try {
      return await callService<T>(this.client, subject, payload, timeoutMs);
    } catch (error) {
      if (error instanceof RpcRefusal) {
        const { status, code, message, field } = error.body;
        throw new ApiException(status, code, message, field);
      }
      this.logger.warn((error as Error).message);
      throw new ApiException(503, ErrorCodes.SERVICE_UNAVAILABLE, UNAVAILABLE);
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
