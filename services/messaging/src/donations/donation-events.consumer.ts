import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { allEventsOf, DonationRules, type ReservationCancelledV1, type WaitlistOfferLapsedV2 } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, write, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { DirectoryService } from '../members/directory.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';

async function rememberDonation(manager: EntityManager, donation: { donationId: number; ownerId: string; title: string }): Promise<void> {
  await write(
    manager,
    db
      .insertInto('donations')
      .values({ donation_id: donation.donationId, owner_id: donation.ownerId, title: donation.title })
      .onConflict((conflict) => conflict.column('donation_id').doUpdateSet((eb) => ({ title: eb.ref('excluded.title') }))),
  );
}

/**
 * The donations service's events, in order: the titles messages show, and the notifications
 * that tell each side of a reservation what happened.
 */
@Injectable()
export class DonationEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, notifications: NotificationsService, directory: DirectoryService) {
    super();
    const deleted = async (manager: EntityManager, donationId: number) => {
      // The title stays: conversations about a deleted donation still say what they were about.
      await write(manager, db.updateTable('donations').set({ deleted: true }).where('donation_id', '=', donationId));
    };
    const cancelled = async (manager: EntityManager, payload: ReservationCancelledV1) => {
      const [to, by] = payload.cancelledBy === 'reserver' ? [payload.ownerId, payload.reserverId] : [payload.reserverId, payload.ownerId];
      await notifications.notify(manager, to, 'reservation_cancelled', {
        donationId: payload.donationId,
        title: payload.title,
        cancelledBy: payload.cancelledBy,
        byName: await directory.nameOf(manager, by),
      });
    };
    const offerEnded = async (manager: EntityManager, payload: WaitlistOfferLapsedV2) => {
      const about = { donationId: payload.donationId, title: payload.title };
      // Declining is the member's own act: only an offer that ran out or that the owner passed on needs telling.
      if (payload.reason === 'expired') await notifications.notify(manager, payload.memberId, 'waitlist_offer_expired', about);
      if (payload.reason === 'skipped') await notifications.notify(manager, payload.memberId, 'waitlist_offer_skipped', about);
    };
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'messaging-donations',
      subject: allEventsOf('donations'),
      handlers: {
        'donations.DonationCreated.v1': ({ payload }, manager) => rememberDonation(manager, payload),
        'donations.DonationUpdated.v1': ({ payload }, manager) => rememberDonation(manager, payload),
        'donations.DonationDeleted.v1': ({ payload }, manager) => deleted(manager, payload.donationId),
        'donations.DonationDeleted.v2': ({ payload }, manager) => deleted(manager, payload.donationId),
        'donations.ReservationMade.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.ownerId, 'reservation_made', {
            donationId: payload.donationId,
            title: payload.title,
            reserverName: await directory.nameOf(manager, payload.reserverId),
            expiresAt: payload.expiresAt,
          });
        },
        'donations.ReservationCancelled.v1': ({ payload }, manager) => cancelled(manager, payload),
        'donations.ReservationCancelled.v2': ({ payload }, manager) => cancelled(manager, payload),
        'donations.ReceptionConfirmed.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.ownerId, 'reception_confirmed', {
            donationId: payload.donationId,
            title: payload.title,
            reserverName: await directory.nameOf(manager, payload.reserverId),
            points: DonationRules.receptionReward,
          });
        },
        'donations.ReceptionDisputed.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.reserverId, 'reception_disputed', {
            donationId: payload.donationId,
            title: payload.title,
            ownerName: await directory.nameOf(manager, payload.ownerId),
          });
        },
        'donations.ReservationExpired.v1': async ({ payload }, manager) => {
          const about = { donationId: payload.donationId, title: payload.title };
          await notifications.notify(manager, payload.ownerId, 'reservation_expired', { ...about, role: 'owner' });
          await notifications.notify(manager, payload.reserverId, 'reservation_expired', { ...about, role: 'reserver' });
        },
        'donations.ReservationExpiring.v1': async ({ payload }, manager) => {
          const about = { donationId: payload.donationId, title: payload.title, expiresAt: payload.expiresAt };
          await notifications.notify(manager, payload.ownerId, 'reservation_expiring', { ...about, role: 'owner' });
          await notifications.notify(manager, payload.reserverId, 'reservation_expiring', { ...about, role: 'reserver' });
        },
        'donations.WaitlistOffered.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.memberId, 'waitlist_offer', {
            donationId: payload.donationId,
            title: payload.title,
            expiresAt: payload.offerExpiresAt,
          });
        },
        'donations.WaitlistOfferLapsed.v1': ({ payload }, manager) => offerEnded(manager, payload),
        'donations.WaitlistOfferLapsed.v2': ({ payload }, manager) => offerEnded(manager, payload),
        'donations.WaitlistClosed.v1': async ({ payload }, manager) => {
          for (const memberId of payload.memberIds) {
            await notifications.notify(manager, memberId, 'waitlist_closed', { donationId: payload.donationId, title: payload.title, reason: payload.reason });
          }
        },
        'donations.RequestMade.v1': async ({ payload }, manager) => {
          await notifications.notifyPerDonation(manager, payload.ownerId, 'request_received', {
            donationId: payload.donationId,
            title: payload.title,
            askerName: await directory.nameOf(manager, payload.memberId),
            count: payload.openRequests,
          });
        },
        'donations.RequestWindowClosed.v1': async ({ payload }, manager) => {
          await notifications.notifyPerDonation(manager, payload.ownerId, 'request_window_closed', {
            donationId: payload.donationId,
            title: payload.title,
            count: payload.openRequests,
            drawAt: payload.drawAt,
          });
        },
        'donations.RequestsDecided.v1': async ({ payload }, manager) => {
          const about = { donationId: payload.donationId, title: payload.title, by: payload.by };
          await notifications.notifyAll(
            manager,
            'request_decided',
            payload.outcomes.map((ended) => ({ userId: ended.memberId, params: { ...about, outcome: ended.outcome } })),
          );
          // Chosen, drawn or withdrawn (not a drawn asker skipped alone): the owner has nothing left to
          // choose. After the askers' schedules, which are locked before any notification (decision 0027).
          if (payload.by === 'removed' || payload.outcomes.some((ended) => ended.outcome !== 'skipped')) {
            await notifications.markDonationRead(manager, ['request_received', 'request_window_closed'], payload.donationId);
          }
        },
        'donations.SavedSearchMatched.v1': async ({ payload }, manager) => {
          const about = { donationId: payload.donationId, title: payload.title, city: payload.city };
          await notifications.notifyAll(
            manager,
            'saved_search_match',
            payload.matches.map((match) => ({ userId: match.memberId, params: { ...about, savedSearchId: match.savedSearchId } })),
          );
        },
        'donations.AskMatched.v1': async ({ payload }, manager) => {
          const about = { donationId: payload.donationId, title: payload.title, city: payload.city };
          await notifications.notifyAll(
            manager,
            'ask_match',
            payload.matches.map((match) => ({ userId: match.memberId, params: { ...about, askId: match.askId } })),
          );
        },
        'donations.AskOffered.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.memberId, 'ask_offer', {
            donationId: payload.donationId,
            title: payload.title,
            askId: payload.askId,
            askTitle: payload.askTitle,
          });
        },
      },
      logger: new Logger('messaging:donations'),
    });
  }
}
