import { Search, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchHref } from '@/lib/donations';

const focusOnMount = (input: HTMLInputElement | null) => input?.focus();

/**
 * The header's search (docs/product.md#header-footer-and-navigation): a field on wide screens; on phones and tablets an icon that opens
 * a field under the header (issue 21: under 420 px there was none), closed by Escape.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Another page: the field has done its work. Derived while rendering (as usePopup does), not in
  // an effect, so the field never paints one frame open on the new page.
  const place = `${pathname}${search}`;
  const [openedAt, setOpenedAt] = useState(place);
  if (openedAt !== place) {
    setOpenedAt(place);
    setOpen(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchHref(query));
    setQuery('');
    setOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  };
  // The phone's field takes the focus as it opens (a ref, not `autoFocus`: Preact leaves that
  // attribute to the browser, which ignores it on an element added after the page loaded).
  const field = (className: string, autoFocus: boolean) => (
    <>
      <Search className="icon header-search__icon" aria-hidden="true" />
      <input
        type="search"
        dir="auto"
        className={className}
        value={query}
        placeholder={t('layout.search.placeholder')}
        aria-label={t('layout.search.label')}
        ref={autoFocus ? focusOnMount : undefined}
        onChange={(event) => setQuery(event.target.value)}
      />
    </>
  );

  return (
    <>
      <form className="header-search" role="search" onSubmit={submit} data-testid="header-search">
        {field('header-search__input', false)}
      </form>
      <button
        ref={toggleRef}
        type="button"
        className="header-icon header-search__toggle"
        aria-label={t('layout.search.label')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="header-search-toggle"
      >
        {open ? <X className="icon" aria-hidden="true" /> : <Search className="icon" aria-hidden="true" />}
      </button>
      <div id={panelId} className="header-search-panel" hidden={!open}>
        {open && (
          <form className="container header-search-panel__form" role="search" onSubmit={submit} onKeyDown={closeOnEscape} data-testid="header-search-panel">
            {field('input header-search-panel__input', true)}
          </form>
        )}
      </div>
    </>
  );
}
