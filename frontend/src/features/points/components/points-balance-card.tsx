import { useTranslation } from 'react-i18next';
import type { User } from '@/lib/auth';
import { reliabilityLevel } from '../lib/reliability';
import './points.css';
import { Lock } from 'lucide-react';
import { pointsText } from '@/lib/points-text';

/** Available points, blocked points and the reliability label, larger than in the header. */
export function PointsBalanceCard({ user }: { user: Pick<User, 'points' | 'blockedPoints' | 'reliabilityScore'> }) {
  const { t } = useTranslation();
  const level = user.reliabilityScore == null ? null : reliabilityLevel(user.reliabilityScore);
  return (
    <section className="card points-balance" aria-labelledby="points-balance-title" data-testid="points-balance">
      <h2 id="points-balance-title" className="points-balance__title">
        {t('points.current')}
      </h2>
      <p className="points-balance__value" data-testid="balance-points">
        {pointsText(t, user.points)}
      </p>
      <ul className="plain-list points-balance__facts">
        <li data-testid="balance-blocked">
          <Lock className="icon" aria-hidden="true" /> {t('points.blockedLine', { count: user.blockedPoints ?? 0 })}
        </li>
        {level && (
          <li>
            {t('points.reliabilityLabel')}{' '}
            <span
              className={`points-summary__reliability points-summary__reliability--${level}`}
              data-testid="balance-reliability"
              data-level={level}
            >
              {t(`points.reliability.${level}`)}
            </span>{' '}
            <span className="muted" dir="ltr">
              ({user.reliabilityScore}/100)
            </span>
          </li>
        )}
      </ul>
    </section>
  );
}
