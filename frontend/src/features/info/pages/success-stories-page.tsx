import { useTranslation } from 'react-i18next';
import { ImpactFigures } from '@/components/impact-figures';
import { TestimonialCard } from '@/components/testimonial-card';
import { TESTIMONIALS } from '@/lib/testimonials';
import { CtaBand, InfoPage, InfoSection } from '../components/info-page';

export function SuccessStoriesPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.stories.title')} lead={t('info.stories.lead')} testId="success-stories-page">
      <ul className="grid section plain-list" data-testid="testimonials">
        {TESTIMONIALS.map((story) => (
          <TestimonialCard key={story.id} story={story} />
        ))}
      </ul>

      <InfoSection title={t('info.stats.title')}>
        <ImpactFigures />
      </InfoSection>

      <CtaBand title={t('info.stories.cta')} main={{ to: '/create-donation', label: t('info.howItWorks.cta.give') }} />
    </InfoPage>
  );
}
