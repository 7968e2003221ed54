import { useTranslation } from 'react-i18next';
import { LevelRules, RatingRules } from '@hdiya/contracts';
import { InfoPage } from '../components/info-page';

/** How a member's level is earned (docs/product.md#public-record), with the thresholds the donations service applies (decisions 0041 and 0056). */
export function LevelsPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.levels.title')} lead={t('info.levels.text', { windowDays: RatingRules.windowDays, shownFrom: RatingRules.shownFrom })} testId="levels-page">
      <section className="section card" data-testid="trust-levels">
        <ul className="rules-list">
          <li>{t('info.levels.new')}</li>
          <li>
            {t('info.levels.reliable', {
              gifts: LevelRules.reliable.gifts,
              days: LevelRules.reliable.minMemberDays,
              noShows: LevelRules.reliable.maxNoShows90d,
              upShare: LevelRules.reliable.minUpShare * 100,
            })}
          </li>
          <li>
            {t('info.levels.veryReliable', {
              gifts: LevelRules.veryReliable.gifts,
              days: LevelRules.veryReliable.minMemberDays,
              ratings: LevelRules.veryReliable.minRatings,
              upShare: LevelRules.veryReliable.minUpShare * 100,
            })}
          </li>
        </ul>
        <p className="muted">{t('info.levels.counted', { onceIn: LevelRules.counterpartyOncePerDays })}</p>
      </section>
    </InfoPage>
  );
}
