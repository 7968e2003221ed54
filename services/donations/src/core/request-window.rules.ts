import { DonationMessages, ErrorCodes, RequestMessages, RequestWindowRules, type DonationStatus } from '@hdiya/contracts';
import type { Refusal } from './refusal.js';

// Who may ask for a donation, withdraw, or choose among the askers, and when
// (docs/product.md#request-window), as pure rules.

const HOUR_MS = 60 * 60 * 1000;
/** The publish form computes the close from the browser's clock a little before sending it. */
const SLACK_MS = 5 * 60 * 1000;

/** When Hdiya draws if the donor has not chosen: a day after the close. */
export const drawTimeOf = (closesAt: Date): Date => new Date(closesAt.getTime() + RequestWindowRules.drawAfterHours * HOUR_MS);

/** A window closes 2 to 48 hours after publication (a few minutes' slack either side). */
export function windowRefusal(closesAt: Date, now: Date): Refusal | null {
  const ahead = closesAt.getTime() - now.getTime();
  if (ahead < RequestWindowRules.minHours * HOUR_MS - SLACK_MS || ahead > RequestWindowRules.maxHours * HOUR_MS + SLACK_MS) {
    return { status: 400, code: ErrorCodes.REQUEST_WINDOW_INVALID, message: RequestMessages.closesAt };
  }
  return null;
}

/** A donation as the request rules see it. */
export interface WindowFacts {
  status: DonationStatus;
  ownerId: string;
  mode: 'first' | 'choose';
  closesAt: Date | null;
  /** A member was chosen or drawn (or nobody asked by the close). */
  decided: boolean;
  /** A reservation is under way or held. */
  reservationId: string | null;
}

/** The window is still undecided and nobody's reservation is under way: a choice may be made. */
export const awaitsChoice = (d: WindowFacts): boolean => d.mode === 'choose' && !d.decided && d.status === 'available' && d.reservationId === null;

/** Null when the actor may ask for this donation now (`open`: their open requests and the donation's). */
/** `open`: this window's open requests, whether one is the actor's, and the actor's open requests across windows. */
export function askRefusal(
  d: WindowFacts,
  actorId: string,
  now: Date,
  open: { mine: boolean; all: number; members: number; newMembers: number },
  newMember = false,
): Refusal | null {
  if (d.ownerId === actorId) return { status: 403, code: ErrorCodes.DONATION_OWN, message: RequestMessages.own };
  if (d.status === 'cancelled') return { status: 404, code: ErrorCodes.DONATION_NOT_FOUND, message: DonationMessages.notFound };
  if (d.mode === 'first') return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.firstCome };
  if (!awaitsChoice(d)) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.decided };
  if (d.closesAt && d.closesAt <= now) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.closed };
  if (open.mine) return { status: 409, code: ErrorCodes.ALREADY_ASKED, message: RequestMessages.already };
  if (open.all >= RequestWindowRules.maxRequests) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.full };
  if (open.members >= RequestWindowRules.openPerMember) return { status: 409, code: ErrorCodes.REQUESTS_LIMIT, message: RequestMessages.tooMany };
  if (newMember && open.newMembers >= RequestWindowRules.newMembersPerWindow) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.newMembersFull };
  return null;
}

/** The asker withdraws their open request: while the choice is still to be made. */
export function withdrawRefusal(d: WindowFacts, hasOpen: boolean): Refusal | null {
  if (!hasOpen) return { status: 404, code: ErrorCodes.REQUEST_NOT_FOUND, message: RequestMessages.noRequest };
  if (!awaitsChoice(d)) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.decided };
  return null;
}

/** The owner chooses an open request of this donation, during the window or after it. */
export function chooseRefusal(d: WindowFacts, actorId: string, request: { donationId: number; state: string } | undefined, donationId: number): Refusal | null {
  if (d.ownerId !== actorId) return { status: 403, code: ErrorCodes.DONATION_NOT_OWNER, message: RequestMessages.onlyOwner };
  if (!request || request.donationId !== donationId) return { status: 404, code: ErrorCodes.REQUEST_NOT_FOUND, message: RequestMessages.notFound };
  if (!awaitsChoice(d)) return { status: 409, code: ErrorCodes.REQUESTS_CLOSED, message: RequestMessages.decided };
  if (request.state !== 'open') return { status: 409, code: ErrorCodes.REQUEST_NOT_OPEN, message: RequestMessages.notOpen };
  return null;
}
