import { useTranslation } from 'react-i18next';
import { reliabilityLevel } from '../lib/reliability';
import './points.css';
import { pointsText } from '@/lib/points-text';

export interface PointsSummaryProps {
  points: number | null;
  blockedPoints: number | null;
  reliabilityScore: number | null;
}

/**
 * "10 points (2 bloqués) · Fiable". The available balance alone sits in [data-testid=header-points]
 * so tests can read it exactly; `—` stands for a points service that cannot be reached.
 */
export function PointsSummary({ points, blockedPoints, reliabilityScore }: PointsSummaryProps) {
  const { t } = useTranslation();
  const level = reliabilityScore == null ? null : reliabilityLevel(reliabilityScore);
  return (
    <span className="points-summary" data-testid="header-points-summary">
      <span className="points-summary__balance" data-testid="header-points">
        {pointsText(t, points)}
      </span>
      {blockedPoints != null && blockedPoints > 0 && (
        <span className="points-summary__blocked" data-testid="header-blocked-points">
          ({t('points.blocked', { count: blockedPoints })})
        </span>
      )}
      {level && (
        <span
          className={`points-summary__reliability points-summary__reliability--${level}`}
          data-testid="header-reliability"
          data-level={level}
          title={t('points.reliabilityTitle', { score: reliabilityScore })}
        >
          {t(`points.reliability.${level}`)}
        </span>
      )}
    </span>
  );
}
