import type { DonationView } from './donations.js';

/**
 * `aborting`: locked out by recovery, its hold being voided; it can no longer become active.
 * `disputed`: confirmed by the receiver alone, then disputed by the donor (decision 0056).
 */
export const RESERVATION_STATES = ['pending', 'aborting', 'active', 'completed', 'cancelled', 'expired', 'failed', 'disputed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/**
 * A donation in "my reservations": the older client reads a list of donations (docs/api.md#the-older-client), so the
 * reservation rides along in its own field.
 */
export interface ReservedDonationView extends DonationView {
  reservation: {
    id: string;
    state: ReservationState;
    reservedAt: string;
    expiresAt: string;
    /** Milliseconds left to collect while active, else 0. */
    timeLeftMs: number;
  };
}

/**
 * "My reservations" as `viewer` sees it: the list also holds items the viewer reserved in the
 * past, now held by someone else. The donation's reserver fields (who, since when, until when)
 * describe the current reservation, so they are shown only when it is the viewer's own (even to
 * a moderator: this is a member's page; `reservation` is always the viewer's).
 */
export function reservedDonationForViewer(donation: ReservedDonationView, viewerId: string): ReservedDonationView {
  if (donation.reservedById === viewerId) return donation;
  return { ...donation, reservedById: null, reservedAt: null, confirmedAt: null, autoExpireAt: null };
}

export const LEDGER_ENTRY_TYPES = ['earned', 'spent', 'received', 'transferred', 'other'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** Entries per page of the points history: a full page means there may be more. */
export const HISTORY_PAGE_SIZE = 100;

/** One line of the points history (docs/product.md#points-history). */
export interface PointsHistoryEntry {
  id: string;
  type: LedgerEntryType;
  /** Why, for machines (e.g. to translate the description): welcome, reservation_hold, transfer_in… */
  reason: string;
  amount: number;
  description: string;
  relatedUser: { id: string; firstName: string | null; lastName: string | null } | null;
  donation: { id: number; title: string | null } | null;
  createdAt: string;
}

export interface TransferResult {
  transferId: string;
  points: number;
  senderNewBalance: number;
  receiverId: string;
}

/** The answer to a transfer: its result and how the receiver is shown. */
export interface TransferReceipt extends TransferResult {
  receiver: { displayName: string };
}
