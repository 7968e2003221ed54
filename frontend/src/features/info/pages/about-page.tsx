import { HandHeart, Recycle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ImpactFigures } from '@/components/impact-figures';
import { FeatureCards, InfoPage } from '../components/info-page';

const VALUES = [
  { id: 'solidarity', Icon: HandHeart },
  { id: 'sustainability', Icon: Recycle },
  { id: 'trust', Icon: ShieldCheck },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.about.title')} lead={t('info.about.lead')} testId="about-page">
      <section className="section card">
        <h2 className="section__title">{t('info.about.mission.title')}</h2>
        <p>{t('info.about.mission.text')}</p>
      </section>

      <section className="section">
        <h2 className="section__title">{t('info.about.values.title')}</h2>
        <FeatureCards
          items={VALUES}
          render={(id) => ({ title: t(`info.about.values.${id}.title`), text: t(`info.about.values.${id}.text`) })}
        />
      </section>

      <section className="section card">
        <h2 className="section__title">{t('info.about.history.title')}</h2>
        <p>{t('info.about.history.text')}</p>
      </section>

      <section className="section">
        <h2 className="section__title">{t('info.stats.title')}</h2>
        <ImpactFigures />
      </section>

      <section className="card cta-band">
        <h2>{t('info.about.cta')}</h2>
        <div className="row">
          <Link to="/signup" className={buttonClass('primary')}>
            {t('layout.signup')}
          </Link>
          <Link to="/contact" className={buttonClass('outline')}>
            {t('layout.nav.contact')}
          </Link>
        </div>
      </section>
    </InfoPage>
  );
}
