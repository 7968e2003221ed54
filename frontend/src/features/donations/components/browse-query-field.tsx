import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Phones and tablets: the search words above the results, not only in the "Filtres" sheet
 * (issue 46); wide screens have them in the filters beside the results. Shows what the URL says
 * whenever it changes.
 */
export function BrowseQueryField({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  const [synced, setSynced] = useState(query);
  if (synced !== query) {
    setSynced(query);
    setDraft(query);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="browse-query" role="search" onSubmit={submit} data-testid="browse-query-form">
      <label htmlFor="browse-query-phone" className="visually-hidden">
        {t('donations.browse.search')}
      </label>
      <Search className="icon browse-query__icon" aria-hidden="true" />
      <input
        id="browse-query-phone"
        type="search"
        dir="auto"
        className="input browse-query__input"
        placeholder={t('donations.browse.searchPlaceholder')}
        value={draft}
        maxLength={100}
        enterKeyHint="search"
        onChange={(event) => setDraft(event.target.value)}
        data-testid="browse-query-input"
      />
      <button type="submit" className="visually-hidden">
        {t('donations.browse.searchSubmit')}
      </button>
    </form>
  );
}
