import { badgeText } from '@hdiya/contracts';

/** The count on a header icon ('9+' above 9), shown only when there is something unread. */
export function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className="header-icon__badge" data-testid={testId}>
      {badgeText(count)}
    </span>
  );
}
