import type { EntityManager } from 'typeorm';
import { Events, type ReservationCancelledV2 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { makeAvailable, type LockedDonation } from './donation-state.js';

/**
 * An active reservation is cancelled (by its reserver or the item's owner; a suspension cancels
 * as either would), in the caller's transaction, the donation locked: the item is free again and
 * `ReservationCancelled` leaves, from which the points service gives the 2 points back and the
 * messaging service tells the other side. Who is offered the item next is the caller's choice.
 */
export async function releaseReservation(manager: EntityManager, donation: LockedDonation, cancelledBy: ReservationCancelledV2['cancelledBy'], now: Date): Promise<void> {
  const reservationId = donation.reservation_id!;
  await makeAvailable(manager, donation.id);
  // Only the reserver's own cancel starts the cooldown on this item (decision 0020).
  await write(manager, db.updateTable('reservations').set({ state: 'cancelled', closed_at: now, cancelled_by: cancelledBy }).where('id', '=', reservationId));
  const payload: ReservationCancelledV2 = {
    reservationId,
    donationId: donation.id,
    title: donation.title,
    reserverId: donation.reserved_by_id!,
    ownerId: donation.owner_id,
    cancelledBy,
    cancelledAt: now.toISOString(),
    // The points service tells a late cancel from these two (decision 0020).
    expiresAt: donation.auto_expire_at!.toISOString(),
  };
  await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReservationCancelled, payload)]);
}
