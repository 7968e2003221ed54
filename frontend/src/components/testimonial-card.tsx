import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cityLabel } from '@/lib/cities';
import type { Testimonial } from '@/lib/testimonials';
import { pointsText } from '@/lib/points-text';

export function TestimonialCard({ story }: { story: Testimonial }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card testimonial" data-testid="testimonial">
      <span className="testimonial__rating" role="img" aria-label={t('info.stories.rating', { rating: story.rating })}>
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
          <strong>
            <bdi>{story.name}</bdi>
          </strong>
          <div className="muted">{cityLabel(story.city, i18n.resolvedLanguage)}</div>
        </div>
      </div>
      <div className="testimonial__meta">
        <span className="badge">{t(`categories.${story.categoryId}`)}</span>
        <span className="badge">{t('info.stories.objectsGiven', { count: story.items })}</span>
        <span className="badge">{pointsText(t, story.points)}</span>
      </div>
    </li>
  );
}
