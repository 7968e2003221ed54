import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { searchHref } from '@/lib/donations';

/** The header's search (docs/product.md#header-footer-and-navigation): a field on wide screens, a link to the search screen on phones. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchHref(query));
    setQuery('');
  };
  return (
    <>
      <form className="header-search" role="search" onSubmit={submit} data-testid="header-search">
        <Search className="icon header-search__icon" aria-hidden="true" />
        <input
          type="search"
          dir="auto"
          className="header-search__input"
          value={query}
          placeholder={t('layout.search.placeholder')}
          aria-label={t('layout.search.label')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <Link to="/donations" className="header-icon header-search__link" aria-label={t('layout.search.label')} data-testid="header-search-link">
        <Search className="icon" aria-hidden="true" />
      </Link>
    </>
  );
}
