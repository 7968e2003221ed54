import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { CategoryIcon } from '@/components/category-icon';
import { DEFAULT_CATEGORIES, categoryHref } from '@/lib/categories';
import { HomeSection } from './home-section';

export function CategoryStrip() {
  const { t } = useTranslation();
  return (
    <HomeSection titleId="home-categories-title" title={t('home.categories.title')} more={{ to: '/donations', label: t('home.categories.seeAll') }}>
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
    </HomeSection>
  );
}
