import type { TrustRecordView } from './trust.js';

// The request window (docs/product.md#request-window): a donor may let everyone ask until a time,
// then choose among the askers; 24 hours after the close without a choice, Hdiya draws one.

export const ALLOCATION_MODES = ['first', 'choose'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];

export const RequestWindowRules = {
  /** The shortest and longest window a donor may open at publication. */
  minHours: 2,
  maxHours: 48,
  /** Without the donor's choice, Hdiya draws this long after the close. */
  drawAfterHours: 24,
  messageMaxLength: 200,
  /** Askers per donation: the owner reads them all. */
  maxRequests: 30,
  /** Open requests one member may have across windows (issue 45: windows were stuffed). */
  openPerMember: 5,
  /** The draw favours members who received less over this many days. */
  weightWindowDays: 28,
  /** A member who signed up fewer days ago is new to the window (issue 45: windows were stuffed)… */
  newMemberDays: 7,
  /** …and new members take at most this many places in one window. */
  newMembersPerWindow: 5,
} as const;

/** How a donation goes to a member, as its answers carry it. */
export type AllocationView =
  | { mode: 'first' }
  | {
      mode: 'choose';
      /** Asking closes at this time. */
      closesAt: string;
      /** Hdiya draws at this time if the donor has not chosen. */
      drawAt: string;
      /** A member was chosen or drawn, or nobody asked: from then on, first come. */
      decided: boolean;
    };

/** What a donor says at publication: first come (the default) or a window until `closesAt`. */
export type AllocationInput = { mode: 'first' } | { mode: 'choose'; closesAt: string };

export const REQUEST_STATES = ['open', 'withdrawn', 'chosen', 'not_chosen', 'skipped'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How a request ended, as its asker is told (`skipped`: no 2 points, or too many reservations). */
export type RequestOutcome = 'chosen' | 'not_chosen' | 'skipped';

/** One member's request, as the owner (every asker) and the asker (their own) see it. */
export interface DonationRequestView {
  id: string;
  donationId: number;
  member: { id: string; displayName: string; profileImageUrl: string | null };
  message: string;
  state: RequestState;
  createdAt: string;
  /** The asker's public record, level and sign-up date: for the owner to choose well (null for the asker's own view). */
  record: TrustRecordView | null;
}

/** `GET /api/donations/{id}/requests`: the owner sees every request, anyone else their own. */
export interface DonationRequestsView {
  donationId: number;
  allocation: AllocationView;
  /** Open requests now. */
  open: number;
  /** The owner: every request, open first, oldest first; anyone else: [] */
  requests: DonationRequestView[];
  /** The session member's own request (the latest), or null. */
  mine: DonationRequestView | null;
}

export const RequestMessages = {
  closesAt: `Indiquez quand les demandes se terminent : entre ${RequestWindowRules.minHours} heures et ${RequestWindowRules.maxHours} heures après la publication.`,
  mode: 'Choisissez « premier arrivé » ou « laisser chacun demander ».',
  message: `Présentez-vous en quelques mots (${RequestWindowRules.messageMaxLength} caractères au plus).`,
  own: 'Vous ne pouvez pas demander votre propre don.',
  firstCome: 'Ce don va au premier qui le réserve : réservez-le directement.',
  closed: 'Les demandes pour ce don sont closes.',
  decided: 'Le donateur a déjà choisi à qui donner cet objet.',
  already: 'Vous avez déjà demandé ce don.',
  tooMany: `Vous avez déjà ${RequestWindowRules.openPerMember} demandes en cours : attendez les choix des donateurs ou retirez-en une.`,
  full: `Ce don a reçu ${RequestWindowRules.maxRequests} demandes : il n’en accepte plus.`,
  newMembersFull: `Ce don a déjà reçu ${RequestWindowRules.newMembersPerWindow} demandes de membres inscrits depuis moins de ${RequestWindowRules.newMemberDays} jours : il n’en accepte plus d’autres.`,
  noRequest: 'Vous n’avez pas de demande en cours pour ce don.',
  onlyOwner: 'Seul le donateur choisit parmi les demandes.',
  notFound: 'Cette demande n’existe pas pour ce don.',
  notOpen: 'Cette demande n’est plus en cours.',
  askFirst: 'Le donateur choisit parmi les demandes : demandez-le avant la clôture.',
  chosenCannotReserve: 'Ce membre n’a pas assez de points ou a déjà trop de réservations : il est prévenu, choisissez une autre demande.',
} as const;
