import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ErrorCodes, isRpcErrorBody } from '@hdiya/contracts';
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
      return await firstValueFrom(this.client.send<T>(subject, payload ?? {}).pipe(timeout(timeoutMs)));
    } catch (error) {
      if (isRpcErrorBody(error)) throw new ApiException(error.status, error.code, error.message, error.field);
      if (!(error instanceof TimeoutError)) this.logger.warn(`${subject} failed: ${(error as Error)?.message ?? String(error)}`);
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
