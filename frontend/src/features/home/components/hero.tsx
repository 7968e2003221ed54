import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { buttonClass } from '@/components/ui/button';
import { searchHref } from '@/lib/donations';
import { formatCount, useImpact } from '@/lib/impact';

/** Title, search, the two main actions and three counters counted from the data (docs/product.md#home). */
export function Hero() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const impact = useImpact();
  const [query, setQuery] = useState('');
  const counters = [
    { id: 'objects', value: impact.data?.objectsGiven },
    { id: 'users', value: impact.data?.members },
    { id: 'cities', value: impact.data?.cities },
  ];

  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchHref(query));
  };

  return (
    <section className="hero" data-testid="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">{t('home.hero.title')}</h1>
        <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
        <form className="hero__search" role="search" onSubmit={search} data-testid="hero-search">
          <label htmlFor="hero-search-input" className="visually-hidden">
            {t('home.hero.searchLabel')}
          </label>
          <input
            id="hero-search-input"
            type="search"
            dir="auto"
            className="input"
            value={query}
            placeholder={t('home.hero.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className={buttonClass('primary')}>
            <Search className="icon" aria-hidden="true" /> {t('home.hero.searchSubmit')}
          </button>
        </form>
        <div className="row hero__actions">
          <Link to="/donations" className={buttonClass('primary', 'lg')} data-testid="hero-explore">
            {t('home.hero.explore')}
          </Link>
          <Link to="/create-donation" className={buttonClass('outline', 'lg')} data-testid="hero-give">
            {t('home.hero.give')}
          </Link>
        </div>
        <dl className="hero__counters" data-testid="hero-counters">
          {counters.map((counter) => (
            <div key={counter.id} className="stat" data-counter={counter.id}>
              <dt className="stat__label">{t(`home.hero.counters.${counter.id}`)}</dt>
              <dd className="stat__value">{counter.value === undefined ? '…' : formatCount(counter.value, i18n.language)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
