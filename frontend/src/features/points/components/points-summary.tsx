import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './points.css';
import { pointsText } from '@/lib/points-text';

export interface PointsSummaryProps {
  points: number | null;
  blockedPoints: number | null;
  /** True until the welcome points have landed: the balance read so far (0) is not the member's. */
  pending: boolean;
}

/**
 * The header's pill: "8 points" and, while some are held by reservations, a lock with their
 * number ("8 points", a lock, "2"; read "8 points (2 bloqués)"). The level lives in the avatar menu: the
 * pill stays short enough for the header to fit from 360 px up (issue 46). The available balance
 * alone sits in [data-testid=header-points] so tests can read it exactly; `—` stands for a points
 * service that cannot be reached; a new member's pending balance shows a placeholder, never "0".
 */
export function PointsSummary({ points, blockedPoints, pending }: PointsSummaryProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <span className="points-summary points-summary--pending" data-testid="header-points-pending">
        <span className="skeleton points-summary__placeholder" aria-hidden="true" />
        <span className="visually-hidden">{t('points.pending')}</span>
      </span>
    );
  }
  const blocked = blockedPoints ?? 0;
  return (
    <span className="points-summary" data-testid="header-points-summary" title={blocked > 0 ? t('points.blockedLine', { count: blocked }) : undefined}>
      <span className="points-summary__balance" data-testid="header-points">
        {pointsText(t, points)}
      </span>
      {blocked > 0 && (
        <span className="points-summary__blocked" data-testid="header-blocked-points">
          <Lock className="icon points-summary__lock" aria-hidden="true" />
          <span aria-hidden="true">{blocked}</span>
          <span className="visually-hidden">({t('points.blocked', { count: blocked })})</span>
        </span>
      )}
    </span>
  );
}
