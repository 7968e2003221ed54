import { useTranslation } from 'react-i18next';
import { MemberLevelLink } from '@/components/member-level-link';
import './points.css';
import { pointsText } from '@/lib/points-text';

export interface PointsSummaryProps {
  points: number | null;
  blockedPoints: number | null;
  /** The member whose level shows beside the points. */
  memberId: string;
}

/**
 * "10 points (2 bloqués) · Fiable". The available balance alone sits in [data-testid=header-points]
 * so tests can read it exactly; `—` stands for a points service that cannot be reached. The level
 * links to how levels are earned.
 */
export function PointsSummary({ points, blockedPoints, memberId }: PointsSummaryProps) {
  const { t } = useTranslation();
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
      <MemberLevelLink memberId={memberId} className="points-summary__level" testId="header-level" short />
    </span>
  );
}
