import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { ErrorCodes, Messages, type RpcRequest, type RpcResponse, type RpcSubject } from '@hdiya/contracts';
import { callService, RpcRefusal } from '@hdiya/platform';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** How long the gateway waits before trying its first NATS connection again. */
const CONNECT_RETRY_MS = 1000;

/** Request-reply to the services over NATS; their typed refusals become HTTP errors. */
@Injectable()
export class ServiceClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('rpc');
  private stopping = false;

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Connects at start rather than at the first request (Nest's client connects lazily): the
   * readiness probe reports this connection, and a gateway that is sent no request until it is
   * ready would otherwise never be. Tried again every second while NATS does not answer.
   */
  onApplicationBootstrap(): void {
    void this.connectUntilConnected();
  }

  onApplicationShutdown(): void {
    this.stopping = true;
  }

  private async connectUntilConnected(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.client.connect();
        return;
      } catch (error) {
        this.logger.warn(`NATS not reached yet: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
      }
    }
  }

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
