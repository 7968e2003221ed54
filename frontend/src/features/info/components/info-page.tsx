import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import './info.css';

export function InfoPage({
  title,
  lead,
  testId,
  reading,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  reading?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className={reading ? 'container page page--reading' : 'container page'} data-testid={testId}>
      <header className="page__header">
        <h1>{title}</h1>
        {lead && <p className="page__lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}

/** A list of cards whose texts live at `<base>.<id>.title` and `<base>.<id>.text`. */
export function FeatureCards({
  items,
  render,
}: {
  items: readonly { id: string; Icon: LucideIcon }[];
  render: (id: string) => { title: string; text: string };
}) {
  return (
    <ul className="grid feature-cards">
      {items.map((item) => {
        const { title, text } = render(item.id);
        return (
          <li key={item.id} className="card feature-card">
            <span className="feature-card__icon">
              <item.Icon className="icon icon--lg" aria-hidden="true" />
            </span>
            <h3>{title}</h3>
            <p className="muted">{text}</p>
          </li>
        );
      })}
    </ul>
  );
}
