import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  allEventsOf,
  EventTypes,
  type DonationCreatedV1,
  type DonationDeletedV1,
  type DonationUpdatedV1,
} from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { DonationRewardsService } from './donation-rewards.service.js';

type DonationEvent = DonationCreatedV1 | DonationUpdatedV1 | DonationDeletedV1;

/** Every donations event, in order, through one durable consumer; the ones about rewards act. */
@Injectable()
export class DonationEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly consumer: EventConsumer<DonationEvent>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, rewards: DonationRewardsService) {
    this.consumer = new EventConsumer<DonationEvent>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-donations',
      subject: allEventsOf('donations'),
      handle: async (event, manager) => {
        switch (event.type) {
          case EventTypes.donations.DonationCreated:
            return rewards.onCreated(manager, event.payload as DonationCreatedV1);
          case EventTypes.donations.DonationUpdated:
            return rewards.onUpdated(manager, event.payload as DonationUpdatedV1);
          case EventTypes.donations.DonationDeleted:
            return rewards.onDeleted(manager, event.payload as DonationDeletedV1);
        }
      },
      logger: new Logger('points:donations'),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
