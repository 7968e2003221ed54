import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventNameOf, parseEvent, type EventEnvelope } from '@hdiya/contracts';
import { natsConnectOptions, natsConnectionOf } from '@hdiya/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { pushesFor, PUSHED_SUBJECTS } from './event-pushes.js';
import { SeenReports } from './seen-reports.js';
import { SocketServer } from './socket-server.js';

/**
 * Domain events to members' sockets. The events are JetStream's, but the gateway listens on plain
 * NATS in one queue group: each event reaches one replica, whose emit the Redis adapter carries
 * to every replica. A push missed while no gateway runs is no loss: the socket is a hint, and the
 * web app reloads from the API whenever it reconnects.
 */
@Injectable()
export class PushRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('realtime:push');
  private nc: NatsConnection | null = null;

  constructor(
    private readonly sockets: SocketServer,
    private readonly seen: SeenReports,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.nc = await connect(natsConnectOptions(this.config.NATS_URL, 'gateway-push', natsConnectionOf(this.config, 'gateway')));
    for (const subject of PUSHED_SUBJECTS) {
      this.nc.subscribe(subject, {
        queue: 'gateway-push',
        callback: (error, msg) => {
          if (error) return this.logger.warn(`${subject}: ${error.message}`);
          try {
            const envelope = msg.json<EventEnvelope>();
            const name = eventNameOf(msg.subject, envelope);
            if (!name) return;
            // Only what the version's schema parsed reaches a socket: a malformed event pushes nothing.
            const check = parseEvent(name, envelope.payload);
            if (!check.ok) return this.logger.warn(`${msg.subject}: ${name} refused: ${check.problems}`);
            for (const push of pushesFor(check.event)) this.sockets.push(push);
            this.seen.afterRelay(check.event);
          } catch (failure) {
            this.logger.warn(`${msg.subject}: ${(failure as Error).message}`);
          }
        },
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
  }
}
