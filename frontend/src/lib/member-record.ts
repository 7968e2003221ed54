import type { TFunction } from 'i18next';
import { RatingRules, type TrustRecordView } from '@hdiya/contracts';

/**
 * A member's record in one line: gifts each way with the handover code, those the receiver
 * confirmed alone apart (decision 0056), and the ratings once they show, in the words of the
 * rating form ("Bien passé"); until then, that they show from 3 on (issue 46).
 */
export function memberRecordText(t: TFunction, record: Pick<TrustRecordView, 'given' | 'received' | 'declared' | 'ratings'>): string {
  const parts = [t('common.level.record', { given: record.given, received: record.received })];
  if (record.declared > 0) parts.push(t('common.level.declared', { count: record.declared }));
  parts.push(
    record.ratings
      ? t('common.level.ratings', { up: record.ratings.up, down: record.ratings.down })
      : t('common.level.ratingsLater', { shownFrom: RatingRules.shownFrom }),
  );
  return parts.join(' · ');
}
