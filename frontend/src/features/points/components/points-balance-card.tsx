import { useTranslation } from 'react-i18next';
import { MemberLevelLink } from '@/components/member-level-link';
import type { User } from '@/lib/auth';
import './points.css';
import { Lock } from 'lucide-react';
import { pointsText } from '@/lib/points-text';

/** Available points, blocked points and the member's level, larger than in the header. */
export function PointsBalanceCard({ user }: { user: Pick<User, 'id' | 'points' | 'blockedPoints'> }) {
  const { t } = useTranslation();
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
        <li>
          {t('points.levelLabel')} <MemberLevelLink memberId={user.id} className="points-summary__level" testId="balance-level" />
        </li>
      </ul>
    </section>
  );
}
