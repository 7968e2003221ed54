import { HISTORY_PAGE_SIZE, LEDGER_ENTRY_TYPES, type LedgerEntryType, type PointsHistoryEntry } from '@hdiya/contracts';

export { HISTORY_PAGE_SIZE, type PointsHistoryEntry };
/** Kinds of points-history entries. */
export const HISTORY_TYPES = LEDGER_ENTRY_TYPES;
export type HistoryType = LedgerEntryType;

/** For useInfiniteQuery: the last id of a full page, else no next page. */
export function historyPageParam(lastPage: readonly PointsHistoryEntry[]): string | undefined {
  return lastPage.length >= HISTORY_PAGE_SIZE ? lastPage[lastPage.length - 1]?.id : undefined;
}

export function historyType(type: string): HistoryType {
  return (HISTORY_TYPES as readonly string[]).includes(type) ? (type as HistoryType) : 'other';
}

export interface HistoryAmount {
  /** what is shown: "+5", "−2" (a real minus sign) or "2" */
  text: string;
  sign: '+' | '−' | '';
  value: number;
  /** colour: earned green, received blue, spent red, transferred orange, other grey (docs/product.md#points-history) */
  tone: HistoryType;
}

/**
 * docs/product.md#points-history: earned and received read "+N", spent and transferred "−N", other unsigned. The amount
 * is already signed: its absolute value is shown with the sign the type calls for.
 */
export function historyAmount(type: string, amount: number): HistoryAmount {
  const tone = historyType(type);
  const value = Math.abs(amount);
  const sign = tone === 'earned' || tone === 'received' ? '+' : tone === 'spent' || tone === 'transferred' ? '−' : '';
  return { text: `${sign}${value}`, sign, value, tone };
}

/** "Hassan B." from the related member, or null. */
export function relatedUserName(user: PointsHistoryEntry['relatedUser']): string | null {
  if (!user) return null;
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return name || null;
}

export type HistoryReason = 'welcome' | 'published' | 'withdrawn' | 'reservation' | 'refund' | 'given' | 'sent' | 'received' | 'withheldDaily' | 'withheldPair' | 'disputed' | 'disputeRefund';

// The points service writes its descriptions in French (services/points ledger.rules.ts). Other
// languages show a translation when the text is one of these, and the text itself otherwise.
const REASONS: readonly [HistoryReason, RegExp][] = [
  ['welcome', /^Bonus de bienvenue$/],
  ['published', /^Don publié : /],
  ['withdrawn', /^Don retiré : /],
  ['refund', /^Réservation annulée : /],
  ['reservation', /^Réservation : /],
  ['given', /^Don remis : /],
  ['disputed', /^Remise contestée : /],
  ['disputeRefund', /^Réservation rendue \(remise contestée\) : /],
  ['withheldDaily', /^Récompense non versée \(limite quotidienne des récompenses de dons atteinte\) : /],
  ['withheldPair', /^Récompense non versée \(plus de \d+ dons entre vous en \d+ jours\) : /],
  ['sent', /^Points envoyés(?: : ([\s\S]*))?$/],
  ['received', /^Points reçus(?: : ([\s\S]*))?$/],
];

/** Why an entry exists, read from its French description, with the sender's note for transfers. */
export function historyReason(description: string): { reason: HistoryReason; note: string | null } | null {
  for (const [reason, pattern] of REASONS) {
    const match = pattern.exec(description);
    if (match) return { reason, note: match[1]?.trim() || null };
  }
  return null;
}
