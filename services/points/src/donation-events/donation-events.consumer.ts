import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { allEventsOf, type DonationDeletedV2, type ReservationRef } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { HoldsService } from '../holds/holds.service.js';
import { LateCancelPenalty } from '../reliability/late-cancel-penalty.js';
import { DonationRewardsService } from '../rewards/donation-rewards.service.js';
import { GiftRewardsService } from '../rewards/gift-rewards.service.js';

const refOf = (p: ReservationRef): ReservationRef => ({ reservationId: p.reservationId, donationId: p.donationId, title: p.title });

/**
 * Every donations event, in order, through one durable consumer: a donation's rewards and its
 * reservation's hold change together (confirmation pays the rewards, then captures the hold).
 */
@Injectable()
export class DonationEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(
    @Inject(EVENT_BUS) bus: EventBus,
    dataSource: DataSource,
    rewards: DonationRewardsService,
    gifts: GiftRewardsService,
    holds: HoldsService,
    lateCancel: LateCancelPenalty,
  ) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-donations',
      subject: allEventsOf('donations'),
      handlers: {
        'donations.DonationCreated.v1': ({ payload }, manager) => rewards.onCreated(manager, payload),
        'donations.DonationUpdated.v1': ({ payload }, manager) => rewards.onUpdated(manager, payload),
        // Events from before v2 may lack the reservation: their reserved items were never force-deleted.
        'donations.DonationDeleted.v1': ({ payload }, manager) =>
          onDonationDeleted({ ...payload, reservationId: payload.reservationId ?? null }, manager),
        'donations.DonationDeleted.v2': ({ payload }, manager) => onDonationDeleted(payload, manager),
        'donations.ReservationCancelled.v1': async ({ payload }, manager) => {
          await holds.release(refOf(payload), manager);
        },
        // v2 says when: a reserver's cancel in the last 24 hours costs reliability (decision 0020).
        'donations.ReservationCancelled.v2': async ({ payload }, manager) => {
          const { released } = await holds.release(refOf(payload), manager);
          await lateCancel.apply(manager, payload, released);
        },
        'donations.ReceptionConfirmed.v1': async ({ payload }, manager) => {
          // The item is given: the donor's rewards are paid within the caps, then capture announces the balances.
          await gifts.onGiven(manager, payload);
          await holds.capture(manager, refOf(payload), payload.reserverId, payload.ownerId);
        },
        'donations.ReceptionDisputed.v1': async ({ payload }, manager) => {
          // The donor said it never happened: the reward goes back, the receiver's 2 points too.
          await gifts.onDisputed(manager, payload);
          await holds.refundCaptured(manager, refOf(payload));
        },
        'donations.ReservationExpired.v1': ({ payload }, manager) => holds.forfeit(manager, refOf(payload)),
      },
      logger: new Logger('points:donations'),
    });

    async function onDonationDeleted(deleted: DonationDeletedV2, manager: EntityManager): Promise<void> {
      // A moderator removed a reserved item: its hold goes back to the reserver.
      if (deleted.reservationId) await holds.release(refOf({ ...deleted, reservationId: deleted.reservationId }), manager);
      await rewards.onDeleted(manager, deleted);
    }
  }
}
