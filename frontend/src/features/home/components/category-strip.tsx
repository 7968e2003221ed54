import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CategoryIcon } from '@/components/category-icon';
import { DEFAULT_CATEGORIES, categoryHref } from '@/lib/categories';

export function CategoryStrip() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="home-categories-title">
      <div className="section__head">
        <h2 id="home-categories-title" className="section__title">
          {t('home.categories.title')}
        </h2>
        <Link to="/donations" className="link-arrow">
          {t('home.categories.seeAll')}
        </Link>
      </div>
      <ul className="category-strip" data-testid="category-strip">
        {DEFAULT_CATEGORIES.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryHref(category.id)}
              className="category-chip"
              style={{ '--chip-color': `var(--cat-${category.color})` } as CSSProperties}
              data-testid={`category-link-${category.id}`}
            >
              <span className="category-chip__icon" aria-hidden="true">
                <CategoryIcon name={category.icon} className="icon icon--lg" />
              </span>
              <span>{t(`categories.${category.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
