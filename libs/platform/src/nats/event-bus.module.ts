import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DatabaseTimeouts } from '../database/data-source-options.js';
import { registerOutboxMetrics } from '../metrics/metrics.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { connectEventBus, type EventBus } from './events-stream.js';
import type { NatsConnectionOptions } from './nats-connection.js';

export const EVENT_BUS = Symbol('EVENT_BUS');
export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');

export interface EventBusModuleOptions {
  service: string;
  schema: string;
  natsUrl: string;
  databaseUrl: string;
  timeouts?: DatabaseTimeouts;
  nats?: NatsConnectionOptions;
}

/** Starts the outbox relay once the app is up and drains it on shutdown. */
@Injectable()
export class OutboxRelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly relay: OutboxRelay;

  constructor(@Inject(EVENT_BUS) bus: EventBus, @Inject(EVENT_BUS_OPTIONS) options: EventBusModuleOptions, dataSource: DataSource) {
    registerOutboxMetrics(dataSource, options.schema);
    this.relay = new OutboxRelay({
      databaseUrl: options.databaseUrl,
      timeouts: options.timeouts,
      schema: options.schema,
      js: bus.js,
      logger: new Logger(`${options.service}:outbox`),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.relay.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.relay.stop();
  }
}

@Injectable()
class EventBusLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.nc.drain().catch(() => undefined);
  }
}

/** The JetStream connection, the events stream and this service's outbox relay. */
@Global()
@Module({})
export class EventBusModule {
  static forService(options: EventBusModuleOptions): DynamicModule {
    return {
      module: EventBusModule,
      providers: [
        { provide: EVENT_BUS_OPTIONS, useValue: options },
        { provide: EVENT_BUS, useFactory: () => connectEventBus(options.natsUrl, `${options.service}-events`, options.nats) },
        OutboxRelayLifecycle,
        EventBusLifecycle,
      ],
      exports: [EVENT_BUS, EVENT_BUS_OPTIONS, OutboxRelayLifecycle],
    };
  }
}
