import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ImpactFigures } from '@/components/impact-figures';
import { TestimonialCard } from '@/components/testimonial-card';
import { TESTIMONIALS } from '@/lib/testimonials';
import { InfoPage } from '../components/info-page';

export function SuccessStoriesPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.stories.title')} lead={t('info.stories.lead')} testId="success-stories-page">
      <ul className="grid section plain-list" data-testid="testimonials">
        {TESTIMONIALS.map((story) => (
          <TestimonialCard key={story.id} story={story} />
        ))}
      </ul>

      <section className="section">
        <h2 className="section__title">{t('info.stats.title')}</h2>
        <ImpactFigures />
      </section>

      <section className="card cta-band">
        <h2>{t('info.stories.cta')}</h2>
        <div className="row">
          <Link to="/create-donation" className={buttonClass('primary')}>
            {t('info.howItWorks.cta.give')}
          </Link>
        </div>
      </section>
    </InfoPage>
  );
}
