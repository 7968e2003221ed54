import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CtaLinks, type CtaLink } from '@/components/ui/button';
import { PageShell } from '@/components/ui/page';
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
    <PageShell title={title} lead={lead} className={reading ? 'page--reading' : undefined} testId={testId}>
      {children}
    </PageShell>
  );
}

/** A titled section of an information page, on a card or not. */
export function InfoSection({ title, card, children }: { title: string; card?: boolean; children: ReactNode }) {
  return (
    <section className={card ? 'section card' : 'section'}>
      <h2 className="section__title">{title}</h2>
      {children}
    </section>
  );
}

/** The closing call to action: a question and the links that answer it. */
export function CtaBand({ title, main, other }: { title: string; main: CtaLink; other?: CtaLink }) {
  return (
    <section className="card cta-band">
      <h2>{title}</h2>
      <CtaLinks main={main} other={other} />
    </section>
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
