import type { ReactNode } from 'react';
import { Link } from '@/components/link';

interface HomeSectionProps {
  /** the heading's id, which names the section */
  titleId: string;
  title: string;
  /** the "see more" link beside the title */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** A section of the home page: its title (and a link to the page that says more), then its content. */
export function HomeSection({ titleId, title, more, children }: HomeSectionProps) {
  const heading = (
    <h2 id={titleId} className="section__title">
      {title}
    </h2>
  );
  return (
    <section className="section" aria-labelledby={titleId}>
      {more ? (
        <div className="section__head">
          {heading}
          <Link to={more.to} className="link-arrow">
            {more.label}
          </Link>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
