import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

// Static marketing figures (spec §1).
const COUNTERS = [
  { id: 'objects', value: '150+' },
  { id: 'users', value: '80+' },
  { id: 'cities', value: '5+' },
] as const;

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="hero" data-testid="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">{t('home.hero.title')}</h1>
        <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
        <div className="row hero__actions">
          <Link to="/donations" className={buttonClass('primary', 'lg')} data-testid="hero-explore">
            {t('home.hero.explore')}
          </Link>
          <Link to="/create-donation" className={buttonClass('outline', 'lg')} data-testid="hero-give">
            {t('home.hero.give')}
          </Link>
        </div>
        <dl className="hero__counters" data-testid="hero-counters">
          {COUNTERS.map((counter) => (
            <div key={counter.id} className="stat">
              <dt className="stat__label">{t(`home.hero.counters.${counter.id}`)}</dt>
              <dd className="stat__value" dir="ltr">
                {counter.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
