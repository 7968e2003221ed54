import { HandHeart, Recycle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ImpactFigures } from '@/components/impact-figures';
import { CtaBand, FeatureCards, InfoPage, InfoSection } from '../components/info-page';

const VALUES = [
  { id: 'solidarity', Icon: HandHeart },
  { id: 'sustainability', Icon: Recycle },
  { id: 'trust', Icon: ShieldCheck },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.about.title')} lead={t('info.about.lead')} testId="about-page">
      <InfoSection title={t('info.about.mission.title')} card>
        <p>{t('info.about.mission.text')}</p>
      </InfoSection>

      <InfoSection title={t('info.about.values.title')}>
        <FeatureCards
          items={VALUES}
          render={(id) => ({ title: t(`info.about.values.${id}.title`), text: t(`info.about.values.${id}.text`) })}
        />
      </InfoSection>

      <InfoSection title={t('info.about.history.title')} card>
        <p>{t('info.about.history.text')}</p>
      </InfoSection>

      <InfoSection title={t('info.stats.title')}>
        <ImpactFigures />
      </InfoSection>

      <CtaBand
        title={t('info.about.cta')}
        main={{ to: '/signup', label: t('layout.signup') }}
        other={{ to: '/contact', label: t('layout.nav.contact') }}
      />
    </InfoPage>
  );
}
