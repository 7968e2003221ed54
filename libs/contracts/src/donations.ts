// Domain words only: this file sits below the schemas and RPC payloads, which build on it (decision 0036).
import type { MyRatingView } from './trust.js';
import type { AllocationView } from './request-window.js';
import type { Role } from './users.js';

export const DONATION_STATUSES = ['available', 'reserved', 'completed', 'cancelled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** Words the older client sends for statuses, mapped to the canonical ones (docs/product.md#statuses). */
const STATUS_ALIASES: Record<string, DonationStatus> = {
  available: 'available',
  pending: 'available',
  en_attente: 'available',
  reserved: 'reserved',
  completed: 'completed',
  confirmée: 'completed',
  confirmee: 'completed',
  cancelled: 'cancelled',
  annulée: 'cancelled',
  annulee: 'cancelled',
};

export function canonicalStatus(word: string): DonationStatus | null {
  return STATUS_ALIASES[word.trim().toLowerCase()] ?? null;
}

/** Business constants of docs/product.md#limits. */
export const DonationRules = {
  publishReward: 5,
  reservationCost: 2,
  guaranteePoints: 2,
  collectionDays: 10,
  maxImageBytes: 5 * 1024 * 1024,
  /** Photos per donation, the first the cover (decision 0044). */
  maxPhotos: 5,
  /** Refused before decoding (decompression bombs): more than any phone photo needs. */
  maxImageMegapixels: 24,
  minDistanceKm: 1,
  maxDistanceKm: 50,
  defaultDistanceKm: 10,
  nearbyLimit: 8,
  defaultPageSize: 24,
  maxPageSize: 48,
  /**
   * A search counts what it found exactly up to this many ("N dons trouvés"), then says "more
   * than" (decision 0050: the count reads up to this many matches, and with words it cost 14 times
   * the page at 1,000).
   */
  searchCountCap: 100,
  titleMaxLength: 100,
  descriptionMaxLength: 2000,
  reportDetailsMaxLength: 1000,
  /** Reservations: what the reserver loses in reliability when one expires. */
  expiryReliabilityPenalty: 10,
  /** What the donor earns when the reserver confirms reception. */
  receptionReward: 5,
} as const;

export interface CategoryView {
  id: number;
  name: string;
  icon: string;
  color: string;
}

/**
 * The 8 categories as the donations service's catalogue migration seeds them (docs/product.md#categories):
 * the web app shows them while GET /api/categories loads, or when it cannot answer.
 */
export const CATEGORIES: readonly CategoryView[] = [
  { id: 1, name: 'Meubles', icon: 'sofa', color: 'primary' },
  { id: 2, name: 'Vêtements', icon: 'shirt', color: 'secondary' },
  { id: 3, name: 'Aliments', icon: 'apple', color: 'green' },
  { id: 4, name: 'Livres', icon: 'book-open', color: 'yellow' },
  { id: 5, name: 'Jouets', icon: 'toy-brick', color: 'red' },
  { id: 6, name: 'Électronique', icon: 'smartphone', color: 'purple' },
  { id: 7, name: 'Bébé', icon: 'baby', color: 'blue' },
  { id: 8, name: 'Autres', icon: 'package', color: 'teal' },
];

/**
 * What the gifts have done so far, from the donations themselves (the home page's figures).
 * `wasteAvoidedKg` is an estimate: each given object counts its category's typical weight.
 */
export interface ImpactView {
  objectsGiven: number;
  objectsAvailable: number;
  members: number;
  cities: number;
  wasteAvoidedKg: number;
}

/** Typical weight of a given object by category id, for the waste-avoided estimate (others: 2 kg). */
export const CATEGORY_TYPICAL_KG: Readonly<Record<number, number>> = { 1: 15, 2: 1, 3: 2, 4: 1, 5: 1, 6: 3, 7: 3, 8: 2 };

/** Where the web app's map takes its tiles from (configured on the gateway). */
export interface MapConfigView {
  tileUrl: string;
  attribution: string;
}

export interface OwnerView {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  /** They deleted their account (decision 0074): `id` is their tombstone, shown as "Membre supprimé" and never linked. Every read sets it; the events that carry this view (versioned) do not. */
  deleted?: boolean;
}

/**
 * A donation as anyone may see it. The position is rounded to about 1 km (docs/product.md#privacy); the exact
 * coordinates never leave the donations service.
 */
export interface DonationView {
  id: number;
  title: string;
  description: string;
  /** The cover: the first of `photos`. */
  imageUrl: string;
  thumbnailUrl: string;
  /**
   * Every photo, in order, the cover first (decision 0044): in the answers about one donation
   * (`GET /api/donations/{id}`, create, edit); lists carry the cover only.
   */
  photos?: PhotoView[];
  status: DonationStatus;
  categoryId: number;
  userId: string;
  owner: OwnerView;
  city: string;
  latitude: number;
  longitude: number;
  pointsValue: number;
  guaranteePoints: number;
  reservationPoints: number;
  /** True while someone holds a reservation on it; the only reservation fact everyone sees. */
  reserved: boolean;
  /** First come, or the donor chooses among requests (docs/product.md#request-window). */
  allocation: AllocationView;
  /** Who reserved it: shown to the owner, the reserver and moderators only (null for others). */
  reservedById: string | null;
  reservedAt: string | null;
  confirmedAt: string | null;
  autoExpireAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Kilometres from the searcher's position, 1 decimal; only when a position was given. */
  distance?: number;
  /** `GET /api/donations/{id}` for its donor and receiver once given: their rating of it, or null. */
  myRating?: MyRatingView | null;
  /** With `myRating`: until when they may rate it (docs/product.md#ratings). */
  ratingOpenUntil?: string | null;
  /** With `myRating`, for the donor: until when they may dispute a reception confirmed without the code. */
  disputableUntil?: string | null;
}

export interface ModerationDonationView extends DonationView {
  ownerEmail: string | null;
  /** Open reports only: a dismissed report no longer counts. */
  reportCount: number;
  reportReasons: ReportReason[];
  /** The open reports themselves, newest first: the reporter's reason, comment and time (not who). */
  reports: OpenReportView[];
}

/** A report a moderator has not dismissed yet. */
export interface OpenReportView {
  id: number;
  reason: ReportReason;
  /** The reporter's own words (member text: shown as text, dir="auto"). */
  details: string | null;
  createdAt: string;
}

/** The answer to dismissing a donation's reports: how many were still open (0 when called again). */
export interface DismissedReportsView {
  donationId: number;
  dismissed: number;
}

/** A page of a list: the HTTP answer stays a plain array, the cursor travels in a header. */
export interface DonationPage<T = DonationView> {
  items: T[];
  nextCursor: string | null;
  /** How many the search found in all (its first page only; header `X-Total-Count`). */
  total?: SearchTotal;
  /** When a search with words found nothing: the same words as the vocabulary spells them, which find something (header `X-Search-Suggestion`). */
  suggestion?: string;
}

/** Exact up to `DonationRules.searchCountCap`; above it, `capped` and `count` is the cap. */
export interface SearchTotal {
  count: number;
  capped: boolean;
}

export const REPORT_REASONS = ['commercial', 'inappropriate', 'dangerous', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * A donation as `viewer` may see it: who reserved an item is shown only to its owner, its reserver
 * and moderators, so nobody can map who takes what (the others still see `reserved: true`).
 */
export function donationForViewer<T extends DonationView>(donation: T, viewer?: { id: string; role: Role }): T {
  if (donation.reservedById === null) return donation;
  const entitled = viewer !== undefined && (viewer.role === 'admin' || viewer.id === donation.userId || viewer.id === donation.reservedById);
  return entitled ? donation : { ...donation, reservedById: null };
}

/** The answer to a photo upload: the URLs to put in a donation. */
export interface UploadedImageView {
  imageUrl: string;
  thumbnailUrl: string;
}

/** One photo of a donation: the display photo and its 4:3 card thumbnail. */
export type PhotoView = UploadedImageView;

export function imageUrlOf(key: string): string {
  return `/api/images/${key}`;
}

/**
 * A donation photo's middle size (issue 44), 800 px wide at most: what a card or a phone's
 * full-width photo needs at 2x, at about half the display photo's bytes. Stored beside the
 * display photo and named after it (key or URL), so views carry no third URL.
 */
export function mediumPhotoOf(display: string): string {
  return display.replace(/(donations\/[0-9a-f-]{36})\.webp$/, '$1-medium.webp');
}
