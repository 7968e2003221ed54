import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CtaLinks } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { CategoryStrip } from '../components/category-strip';
import { Hero } from '../components/hero';
import { HomeSection } from '../components/home-section';
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

        <HomeSection titleId="home-steps-title" title={t('home.steps.title')} more={{ to: '/how-it-works', label: t('home.steps.more') }}>
          <HowItWorksSteps />
        </HomeSection>

        <HomeSection titleId="home-impact-title" title={t('home.impact.title')}>
          <ImpactFigures testId="home-impact" />
        </HomeSection>

        <HomeSection titleId="home-testimonials-title" title={t('home.testimonials.title')} more={{ to: '/success-stories', label: t('home.testimonials.more') }}>
          <ul className="grid plain-list home-testimonials" data-testid="home-testimonials">
            {TESTIMONIALS.slice(0, 3).map((story) => (
              <TestimonialCard key={story.id} story={story} />
            ))}
          </ul>
        </HomeSection>

        <InstallApp />

        <section className="section card home-cta">
          <h2>{t('home.cta.title')}</h2>
          <p className="muted">{t('home.cta.text')}</p>
          <CtaLinks
            main={{ to: '/create-donation', label: t('home.hero.give') }}
            other={{ to: '/success-stories', label: t('home.cta.stories') }}
            className="row home-cta__actions"
          />
        </section>
      </div>
    </div>
  );
}
