// Asks, "Je cherche" (docs/product.md#asks): what a member needs, public or discreet. A new
// donation that an open ask's search would find tells its asker; a discreet ask is never listed,
// its donor sees only that someone nearby looks for the item, and may offer it to them.

export const ASK_VISIBILITIES = ['public', 'discreet'] as const;
export type AskVisibility = (typeof ASK_VISIBILITIES)[number];

export const AskRules = {
  /** An ask lives this long from its publication or its last renewal. */
  lifetimeDays: 30,
  /** Open asks per member at once. */
  maxOpenPerMember: 5,
  titleMaxLength: 80,
  minDistanceKm: 1,
  maxDistanceKm: 50,
  /** Public asks per page of the list. */
  pageSize: 20,
} as const;

/** `open` until `expiresAt`, then `expired` (renewing opens it again); `closed` once its asker ends it. */
export type AskState = 'open' | 'expired' | 'closed';

export interface AskView {
  id: string;
  title: string;
  categoryId: number | null;
  city: string;
  /** The radius around the asker's place, in km. */
  distance: number;
  visibility: AskVisibility;
  state: AskState;
  createdAt: string;
  expiresAt: string;
  /** Who asks: shown on public asks; null on a discreet ask (only its asker ever sees it). */
  member: { id: string; displayName: string; profileImageUrl: string | null } | null;
  /** The session member's own ask. */
  mine: boolean;
  /** Donations offered to this ask so far (its asker's view; 0 for others). */
  offers: number;
}

export interface AskPage {
  asks: AskView[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

/**
 * Someone whose open ask a donation matches, as the donation's owner sees them: no name, no
 * words of the ask, only that they are near and whether the item was offered to them.
 */
export interface AskMatchView {
  id: string;
  /** `answered`: the owner published this donation for a public ask. */
  how: 'matched' | 'answered';
  offered: boolean;
}

export interface DonationAskMatchesView {
  donationId: number;
  matches: AskMatchView[];
}

export const AskMessages = {
  title: `Dites en quelques mots ce que vous cherchez (${AskRules.titleMaxLength} caractères au plus).`,
  titleWords: 'Dites ce que vous cherchez en un mot au moins (par exemple « poussette ») : des chiffres ou des symboles seuls ne disent rien.',
  distance: `Le rayon d’une demande est compris entre ${AskRules.minDistanceKm} et ${AskRules.maxDistanceKm} km.`,
  visibility: 'Choisissez une demande publique ou discrète.',
  limit: `Vous avez déjà ${AskRules.maxOpenPerMember} demandes en cours : terminez-en une pour en publier une autre.`,
  notFound: 'Cette demande n’existe pas ou n’est plus visible.',
  notOpen: 'Cette demande est terminée ou a expiré.',
  closed: 'Cette demande est terminée : publiez-en une nouvelle.',
  own: 'Vous ne pouvez pas répondre à votre propre demande.',
  donationNotYours: 'Vous ne pouvez proposer que vos propres dons encore disponibles.',
  alreadyAnswered: 'Vous avez déjà proposé ce don pour cette demande.',
  matchNotFound: 'Cette personne ne cherche plus cet objet.',
  onlyOwner: 'Seul le donateur voit qui cherche cet objet.',
  cursor: 'Curseur de page invalide.',
} as const;
