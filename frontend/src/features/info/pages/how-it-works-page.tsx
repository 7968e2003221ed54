import { Gift, MapPin, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HowItWorksSteps } from '@/components/how-it-works-steps';
import { LinkButton } from '@/components/ui/button';
import { CategoryIcon } from '@/components/category-icon';
import { DEFAULT_CATEGORIES, categoryHref } from '@/lib/categories';
import { POINTS_FIGURES } from '@/lib/points-rules';
import { CtaBand, FeatureCards, InfoPage, InfoSection } from '../components/info-page';

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

      <InfoSection title={t('info.howItWorks.benefits.title')}>
        <FeatureCards
          items={BENEFITS}
          render={(id) => ({
            title: t(`info.howItWorks.benefits.${id}.title`),
            text: t(`info.howItWorks.benefits.${id}.text`),
          })}
        />
      </InfoSection>

      <InfoSection title={t('info.howItWorks.categories')}>
        <ul className="row plain-list">
          {DEFAULT_CATEGORIES.map((category) => (
            <li key={category.id}>
              <LinkButton to={categoryHref(category.id)} variant="outline" size="sm">
                <CategoryIcon name={category.icon} /> {t(`categories.${category.id}`)}
              </LinkButton>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection title={t('info.howItWorks.points.title')} card>
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
      </InfoSection>

      <div className="rules-grid section">
        <RulesCard title={t('info.howItWorks.safety.title')} ids={SAFETY_TIPS} text={(id) => t(`info.howItWorks.safety.${id}`)} />
        <RulesCard title={t('info.howItWorks.rules.title')} ids={RULES} text={(id) => t(`info.howItWorks.rules.${id}`)} />
      </div>

      <CtaBand
        title={t('info.howItWorks.cta.title')}
        main={{ to: '/create-donation', label: t('info.howItWorks.cta.give') }}
        other={{ to: '/donations', label: t('info.howItWorks.cta.explore') }}
      />
    </InfoPage>
  );
}

/** A card listing short rules, one a line. */
function RulesCard<Id extends string>({ title, ids, text }: { title: string; ids: readonly Id[]; text: (id: Id) => string }) {
  return (
    <section className="card">
      <h2 className="section__title">{title}</h2>
      <ul className="rules-list">
        {ids.map((id) => (
          <li key={id}>{text(id)}</li>
        ))}
      </ul>
    </section>
  );
}
