import type { DonationView } from './donations.js';
import type { AllocationView } from './request-window.js';

// The reservation action rules: which buttons a member sees on a donation. The gateway and the
// services enforce the same rules on each action; the web app reads them from here.

/** The status line of the detail page (keys under donations.detail). */
export type DetailMessage = 'reservedByYou' | 'reservedByOther' | 'reservedOwner' | 'completed' | 'cancelled';

export interface DetailActions {
  /** who is looking: a visitor, a member, the donor, or the member holding the reservation */
  role: 'visitor' | 'member' | 'owner' | 'reserver';
  message: DetailMessage | null;
  /** "Réserver (2 points)": also shown to visitors, whom the click asks to sign in */
  reserve: boolean;
  /** "Demander": in place of reserving while the donor chooses among requests (docs/product.md#request-window) */
  ask: boolean;
  /** "Confirmer la réception": the reserver only */
  confirm: boolean;
  /** "Annuler la réservation": the reserver or the donor, while reserved */
  cancel: boolean;
  /** "Modifier": the donor, while available only (docs/product.md#reservations); "Supprimer" also while offered from the line (decision 0020) */
  edit: boolean;
  delete: boolean;
  favorite: boolean;
  report: boolean;
}

/** What a donation's page shows to whom (docs/product.md#donation-detail, #members-and-roles, #reservations). */
export function detailActions(
  donation: Pick<DonationView, 'status' | 'userId' | 'reservedById'> & { allocation?: AllocationView },
  userId: string | null | undefined,
): DetailActions {
  const signedIn = Boolean(userId);
  const owner = signedIn && donation.userId === userId;
  const reserved = donation.status === 'reserved';
  const reserver = signedIn && !owner && reserved && donation.reservedById === userId;
  const choosing = donation.allocation?.mode === 'choose' && !donation.allocation.decided && donation.status === 'available';

  let message: DetailMessage | null = null;
  if (reserved) message = reserver ? 'reservedByYou' : owner ? 'reservedOwner' : 'reservedByOther';
  else if (donation.status === 'completed') message = 'completed';
  else if (donation.status === 'cancelled') message = 'cancelled';

  return {
    role: owner ? 'owner' : reserver ? 'reserver' : signedIn ? 'member' : 'visitor',
    message,
    reserve: !owner && donation.status === 'available' && !choosing,
    ask: !owner && choosing,
    confirm: reserver,
    // An item offered to the next in line (reserved, nobody holding it yet) has nothing to cancel.
    cancel: reserver || (owner && reserved && donation.reservedById !== null),
    edit: owner && donation.status === 'available',
    // An item offered to the next in line (reserved, nobody holding it) may be withdrawn: the offer ends.
    delete: owner && (donation.status === 'available' || (reserved && donation.reservedById === null)),
    favorite: !owner,
    report: signedIn && !owner,
  };
}
