import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ImpactStats, InfoPage } from '../components/info-page';

// Six static testimonials (spec §2). Names follow design.md §6: first name and last-name initial.
const STORIES = [
  { id: 1, name: 'Salma B.', city: 'Casablanca', categoryId: 1, items: 12, points: 85, rating: 5 },
  { id: 2, name: 'Youssef E.', city: 'Rabat', categoryId: 4, items: 30, points: 160, rating: 5 },
  { id: 3, name: 'Khadija A.', city: 'Marrakech', categoryId: 2, items: 18, points: 100, rating: 5 },
  { id: 4, name: 'Omar T.', city: 'Fès', categoryId: 6, items: 7, points: 45, rating: 4 },
  { id: 5, name: 'Nadia L.', city: 'Tanger', categoryId: 7, items: 15, points: 90, rating: 5 },
  { id: 6, name: 'Hamza R.', city: 'Agadir', categoryId: 5, items: 9, points: 55, rating: 4 },
] as const;

export function SuccessStoriesPage() {
  const { t } = useTranslation();
  const stats = [
    { value: '150+', label: t('info.stats.objects') },
    { value: '80+', label: t('info.stats.activeUsers') },
    { value: '5+', label: t('info.stats.cities') },
    { value: '850+ kg', label: t('info.stats.waste') },
  ];
  return (
    <InfoPage title={t('info.stories.title')} lead={t('info.stories.lead')} testId="success-stories-page">
      <ul className="grid section plain-list" data-testid="testimonials">
        {STORIES.map((story) => (
          <li key={story.id} className="card testimonial" data-testid="testimonial">
            <span
              className="testimonial__rating"
              role="img"
              aria-label={t('info.stories.rating', { rating: story.rating })}
            >
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} className="icon" fill={n <= story.rating ? 'currentColor' : 'none'} aria-hidden="true" />
              ))}
            </span>
            <blockquote>{t(`info.stories.items.${story.id}`)}</blockquote>
            <div className="testimonial__author">
              <span className="avatar" aria-hidden="true">
                {story.name[0]}
              </span>
              <div>
                <strong>{story.name}</strong>
                <div className="muted">{story.city}</div>
              </div>
            </div>
            <div className="testimonial__meta">
              <span className="badge">{t(`categories.${story.categoryId}`)}</span>
              <span className="badge">{t('info.stories.objectsGiven', { value: story.items })}</span>
              <span className="badge">{t('points.balance', { value: story.points })}</span>
            </div>
          </li>
        ))}
      </ul>

      <section className="section">
        <h2 className="section__title">{t('info.stats.title')}</h2>
        <ImpactStats stats={stats} />
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
