import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  allEventsOf,
  EventTypes,
  type DonationCreatedV1,
  type DonationDeletedV1,
  type DonationUpdatedV1,
  type ReceptionConfirmedV1,
  type ReservationCancelledV1,
  type ReservationExpiredV1,
} from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { HoldsService } from '../holds/holds.service.js';
import { DonationRewardsService } from './donation-rewards.service.js';

type DonationEvent =
  | DonationCreatedV1
  | DonationUpdatedV1
  | DonationDeletedV1
  | ReservationCancelledV1
  | ReceptionConfirmedV1
  | ReservationExpiredV1;

const refOf = (p: { reservationId: string; donationId: number; title: string }) => ({
  reservationId: p.reservationId,
  donationId: p.donationId,
  title: p.title,
});

/** Every donations event, in order, through one durable consumer: rewards and reservation holds. */
@Injectable()
export class DonationEventsConsumer extends ManagedEventConsumer<DonationEvent> {
  readonly consumer: EventConsumer<DonationEvent>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, rewards: DonationRewardsService, holds: HoldsService) {
    super();
    this.consumer = new EventConsumer<DonationEvent>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-donations',
      subject: allEventsOf('donations'),
      handle: async (event, manager): Promise<void> => {
        switch (event.type) {
          case EventTypes.donations.DonationCreated:
            return rewards.onCreated(manager, event.payload as DonationCreatedV1);
          case EventTypes.donations.DonationUpdated:
            return rewards.onUpdated(manager, event.payload as DonationUpdatedV1);
          case EventTypes.donations.DonationDeleted: {
            const deleted = event.payload as DonationDeletedV1;
            // A moderator removed a reserved item: its hold goes back to the reserver.
            if (deleted.reservationId) await holds.release(refOf({ ...deleted, reservationId: deleted.reservationId }), manager);
            return rewards.onDeleted(manager, deleted);
          }
          case EventTypes.donations.ReservationCancelled:
            await holds.release(refOf(event.payload as ReservationCancelledV1), manager);
            return;
          case EventTypes.donations.ReceptionConfirmed: {
            const confirmed = event.payload as ReceptionConfirmedV1;
            // The item is given: its publishing reward is paid, then capture announces the balances.
            await rewards.onGiven(manager, confirmed);
            return holds.capture(manager, refOf(confirmed), confirmed.reserverId, confirmed.ownerId);
          }
          case EventTypes.donations.ReservationExpired:
            return holds.forfeit(manager, refOf(event.payload as ReservationExpiredV1));
        }
      },
      logger: new Logger('points:donations'),
    });
  }
}
