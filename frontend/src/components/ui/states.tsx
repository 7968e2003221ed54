import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface EmptyStateProps {
  Icon: LucideIcon;
  /** the title's heading level, by where the block stands */
  heading?: 'h1' | 'h2' | 'h3';
  title: ReactNode;
  text?: ReactNode;
  role?: 'alert' | 'status';
  testId?: string;
  /** what to do next: links or buttons */
  children?: ReactNode;
}

/** A card saying why there is nothing to show (nothing found, signed out, not allowed), with what to do next. */
export function EmptyState({ Icon, heading: Heading = 'h2', title, text, role, testId, children }: EmptyStateProps) {
  return (
    <div className="card empty-state" role={role} data-testid={testId}>
      <p className="empty-state__icon">
        <Icon className="icon icon--xl" aria-hidden="true" />
      </p>
      <Heading>{title}</Heading>
      {text && <p>{text}</p>}
      {children}
    </div>
  );
}

/** A list or a screen that failed to load: the reason, read out, and a button to try again. */
export function ErrorState({ message, onRetry, card = true, testId }: { message: ReactNode; onRetry: () => unknown; card?: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={card ? 'card empty-state' : 'empty-state'} role="alert" data-testid={testId}>
      <p>{message}</p>
      <Button variant="outline" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface LoadMoreProps {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  testId: string;
  className?: string;
}

/** The button under a list that loads its next page (shown only while there is one). */
export function LoadMore({ list, label, testId, className = 'load-more' }: LoadMoreProps) {
  if (!list.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid={testId}>
        {label}
      </Button>
    </div>
  );
}
