import { Gift, MapPin, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HowItWorksSteps } from '@/components/how-it-works-steps';
import { buttonClass } from '@/components/ui/button';
import { CategoryIcon } from '@/components/category-icon';
import { DEFAULT_CATEGORIES, categoryHref } from '@/lib/categories';
import { POINTS_FIGURES } from '@/lib/points-rules';
import { FeatureCards, InfoPage } from '../components/info-page';

const BENEFITS = [
  { id: 'free', Icon: Gift },
  { id: 'local', Icon: MapPin },
  { id: 'planet', Icon: Sprout },
] as const;

// Points rules (docs/product.md#points, decisions 0012 and 0019), with the figures the services apply.
const POINT_RULES = [
  { id: 'welcome', value: `+${POINTS_FIGURES.welcomePoints}`, sign: 'plus' },
  { id: 'give', value: `+${POINTS_FIGURES.publishReward}`, sign: 'plus' },
  { id: 'reserve', value: `−${POINTS_FIGURES.reservationCost}`, sign: 'minus' },
  { id: 'confirmed', value: `+${POINTS_FIGURES.receptionReward}`, sign: 'plus' },
] as const;

const SAFETY_TIPS = ['public', 'daytime', 'tell', 'check'] as const;
const RULES = ['free', 'honest', 'respect', 'commit'] as const;

export function HowItWorksPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('info.howItWorks.title')} lead={t('info.howItWorks.lead')} testId="how-it-works-page">
      <section className="section">
        <HowItWorksSteps />
      </section>

      <section className="section">
        <h2 className="section__title">{t('info.howItWorks.benefits.title')}</h2>
        <FeatureCards
          items={BENEFITS}
          render={(id) => ({
            title: t(`info.howItWorks.benefits.${id}.title`),
            text: t(`info.howItWorks.benefits.${id}.text`),
          })}
        />
      </section>

      <section className="section">
        <h2 className="section__title">{t('info.howItWorks.categories')}</h2>
        <ul className="row plain-list">
          {DEFAULT_CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link to={categoryHref(category.id)} className={buttonClass('outline', 'sm')}>
                <CategoryIcon name={category.icon} /> {t(`categories.${category.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section card">
        <h2 className="section__title">{t('info.howItWorks.points.title')}</h2>
        <p className="muted">{t('info.howItWorks.points.text')}</p>
        <ul className="points-table">
          {POINT_RULES.map((rule) => (
            <li key={rule.id}>
              <span>{t(`info.howItWorks.points.rules.${rule.id}`)}</span>
              <span className={`points-table__value points-table__value--${rule.sign}`} dir="ltr">
                {rule.value}
              </span>
            </li>
          ))}
        </ul>
        <p className="muted">{t('info.howItWorks.points.window')}</p>
        <p className="muted" data-testid="points-limits">
          {t('info.howItWorks.points.limits')}
        </p>
      </section>

      <div className="rules-grid section">
        <section className="card">
          <h2 className="section__title">{t('info.howItWorks.safety.title')}</h2>
          <ul className="rules-list">
            {SAFETY_TIPS.map((id) => (
              <li key={id}>{t(`info.howItWorks.safety.${id}`)}</li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2 className="section__title">{t('info.howItWorks.rules.title')}</h2>
          <ul className="rules-list">
            {RULES.map((id) => (
              <li key={id}>{t(`info.howItWorks.rules.${id}`)}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="card cta-band">
        <h2>{t('info.howItWorks.cta.title')}</h2>
        <div className="row">
          <Link to="/create-donation" className={buttonClass('primary')}>
            {t('info.howItWorks.cta.give')}
          </Link>
          <Link to="/donations" className={buttonClass('outline')}>
            {t('info.howItWorks.cta.explore')}
          </Link>
        </div>
      </section>
    </InfoPage>
  );
}
