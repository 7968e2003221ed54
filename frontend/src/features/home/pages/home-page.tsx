import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { CategoryStrip } from '../components/category-strip';
import { Hero } from '../components/hero';
import { InstallApp } from '../components/install-app';
import { HowItWorksSteps } from '@/components/how-it-works-steps';
import { ImpactFigures } from '@/components/impact-figures';
import { TestimonialCard } from '@/components/testimonial-card';
import { TESTIMONIALS } from '@/lib/testimonials';
import './home.css';

export interface HomePageProps {
  /** the nearby donations section, composed in by the app (it belongs to the donations feature) */
  nearby?: ReactNode;
  /** the map teaser, composed in the same way */
  mapTeaser?: ReactNode;
}

export function HomePage({ nearby, mapTeaser }: HomePageProps) {
  const { t } = useTranslation();
  usePageTitle(undefined);
  return (
    <div data-testid="home-page">
      <Hero />
      <div className="container page">
        <CategoryStrip />

        {nearby}

        {mapTeaser}

        <section className="section" aria-labelledby="home-steps-title">
          <div className="section__head">
            <h2 id="home-steps-title" className="section__title">
              {t('home.steps.title')}
            </h2>
            <Link to="/how-it-works" className="link-arrow">
              {t('home.steps.more')}
            </Link>
          </div>
          <HowItWorksSteps />
        </section>

        <section className="section" aria-labelledby="home-impact-title">
          <h2 id="home-impact-title" className="section__title">
            {t('home.impact.title')}
          </h2>
          <ImpactFigures testId="home-impact" />
        </section>

        <section className="section" aria-labelledby="home-testimonials-title">
          <div className="section__head">
            <h2 id="home-testimonials-title" className="section__title">
              {t('home.testimonials.title')}
            </h2>
            <Link to="/success-stories" className="link-arrow">
              {t('home.testimonials.more')}
            </Link>
          </div>
          <ul className="grid plain-list home-testimonials" data-testid="home-testimonials">
            {TESTIMONIALS.slice(0, 3).map((story) => (
              <TestimonialCard key={story.id} story={story} />
            ))}
          </ul>
        </section>

        <InstallApp />

        <section className="section card home-cta">
          <h2>{t('home.cta.title')}</h2>
          <p className="muted">{t('home.cta.text')}</p>
          <div className="row home-cta__actions">
            <Link to="/create-donation" className={buttonClass('primary')}>
              {t('home.hero.give')}
            </Link>
            <Link to="/success-stories" className={buttonClass('outline')}>
              {t('home.cta.stories')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
