import { useTranslation } from 'react-i18next';
import './list-skeleton.css';

interface ListSkeletonProps {
  rows?: number;
  /** rows: an avatar and two lines (conversations, notifications, asks…); bubbles: a thread's messages */
  variant?: 'rows' | 'bubbles';
  testId: string;
}

/**
 * What a list shows while its first answer comes (docs/product.md#timing-in-the-web-app): the
 * shape of its rows, never a blank space or a bare "Chargement…".
 */
export function ListSkeleton({ rows = 5, variant = 'rows', testId }: ListSkeletonProps) {
  const { t } = useTranslation();
  return (
    <ul className={`plain-list list-skeleton list-skeleton--${variant}`} aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="list-skeleton__row" data-testid="list-skeleton-row">
          {variant === 'rows' && <span className="skeleton list-skeleton__avatar" />}
          <span className="list-skeleton__lines">
            <span className="skeleton list-skeleton__line list-skeleton__line--wide" />
            <span className="skeleton list-skeleton__line" />
          </span>
        </li>
      ))}
    </ul>
  );
}
