import type { EntityManager } from 'typeorm';
import { DonationMessages, ErrorCodes, type DonationStatus, type ReservationState } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** The donation is free again: no reservation, no reserver, no offer to anyone in line. */
export async function makeAvailable(manager: EntityManager, donationId: number): Promise<void> {
  await manager.query(
    `UPDATE "${SCHEMA}"."donations" SET "status" = 'available', "reserved_by_id" = NULL, "reserved_at" = NULL,
       "auto_expire_at" = NULL, "reservation_id" = NULL, "offered_to_id" = NULL, "offer_expires_at" = NULL, "updated_at" = now()
     WHERE "id" = $1`,
    [donationId],
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
}

/**
 * The donation's reservation facts; locked (the donation row only) for the rest of the
 * transaction unless `lock` is false. A donation that is gone is a 404.
 */
export async function lockDonation(manager: EntityManager, donationId: number, lock = true): Promise<LockedDonation> {
  const [donation] = (await manager.query(
    `SELECT d.id, d.title, d.status, d.owner_id, d.reserved_by_id, d.reservation_id, r.state AS reservation_state,
            d.offered_to_id, d.offer_expires_at, d.auto_expire_at
     FROM "${SCHEMA}"."donations" d LEFT JOIN "${SCHEMA}"."reservations" r ON r.id = d.reservation_id
     WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`,
    [donationId],
  )) as LockedDonation[];
  if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
  return donation;
}
