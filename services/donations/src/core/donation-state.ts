import type { EntityManager } from 'typeorm';
import { DonationMessages, ErrorCodes, type DonationStatus, type ReservationState } from '@hdiya/contracts';
import { firstRow, rpcError, sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';

/** The donation is free again: no reservation, no reserver, no offer to anyone in line. */
export async function makeAvailable(manager: EntityManager, donationId: number): Promise<void> {
  await write(
    manager,
    db
      .updateTable('donations')
      .set({
        status: 'available',
        reserved_by_id: null,
        reserved_at: null,
        auto_expire_at: null,
        reservation_id: null,
        offered_to_id: null,
        offer_expires_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', donationId),
  );
}

/** The donation as the reservation and waiting-list steps lock it. */
export interface LockedDonation {
  id: number;
  title: string;
  status: DonationStatus;
  owner_id: string;
  reserved_by_id: string | null;
  reservation_id: string | null;
  reservation_state: ReservationState | null;
  offered_to_id: string | null;
  offer_expires_at: Date | null;
  /** The end of the current reservation's 10 days (null while none is held). */
  auto_expire_at: Date | null;
  /** First come, or a request window until `requests_close_at`, decided at `allocated_at`. */
  allocation_mode: string;
  requests_close_at: Date | null;
  allocated_at: Date | null;
}

/**
 * The donation's reservation facts; locked (the donation row only) for the rest of the
 * transaction unless `lock` is false. A donation that is gone is a 404.
 */
export async function lockDonation(manager: EntityManager, donationId: number, lock = true): Promise<LockedDonation> {
  const query = db
    .selectFrom('donations as d')
    .leftJoin('reservations as r', 'r.id', 'd.reservation_id')
    .select([
      'd.id',
      'd.title',
      'd.status',
      'd.owner_id',
      'd.reserved_by_id',
      'd.reservation_id',
      'r.state as reservation_state',
      'd.offered_to_id',
      'd.offer_expires_at',
      'd.auto_expire_at',
      'd.allocation_mode',
      'd.requests_close_at',
      'd.allocated_at',
    ])
    .where('d.id', '=', donationId);
  const donation = await firstRow(manager, lock ? query.forUpdate('d') : query);
  if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
  // Both states are CHECK-constrained to their sets.
  return { ...donation, status: donation.status as DonationStatus, reservation_state: donation.reservation_state as ReservationState | null };
}
