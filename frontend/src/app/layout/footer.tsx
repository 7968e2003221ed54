import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { categoryHref } from '@/lib/categories';
import { Gift } from 'lucide-react';

// Footer categories 1..5, named after docs/product.md#categories (an older footer list disagreed).
const FOOTER_CATEGORY_IDS = [1, 2, 3, 4, 5] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="site-header__logo" aria-label="Hdiya">
            <Gift className="icon" aria-hidden="true" />
            <span>Hdiya</span>
          </Link>
          <p className="muted">{t('layout.footer.tagline')}</p>
        </div>

        <nav aria-label={t('layout.footer.categories')}>
          <h2 className="site-footer__title">{t('layout.footer.categories')}</h2>
          <ul className="site-footer__list">
            {FOOTER_CATEGORY_IDS.map((id) => (
              <li key={id}>
                <Link to={categoryHref(id)} data-testid={`footer-category-${id}`}>
                  {t(`categories.${id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label={t('layout.footer.information')}>
          <h2 className="site-footer__title">{t('layout.footer.information')}</h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/how-it-works">{t('layout.nav.howItWorks')}</Link>
            </li>
            <li>
              <Link to="/about">{t('layout.nav.about')}</Link>
            </li>
            <li>
              <Link to="/success-stories">{t('layout.footer.successStories')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('layout.nav.contact')}</Link>
            </li>
          </ul>
        </nav>

        <nav aria-label={t('layout.footer.legal')}>
          <h2 className="site-footer__title">{t('layout.footer.legal')}</h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/privacy-policy">{t('layout.footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms-of-service">{t('layout.footer.terms')}</Link>
            </li>
            <li>
              <Link to="/legal-notice">{t('layout.footer.legalNotice')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p className="muted">{t('layout.footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
