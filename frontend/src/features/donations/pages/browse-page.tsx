import { Hand, Info, List, Map as MapIcon, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadMore } from '@/components/ui/states';
import type { Page } from '@/lib/api-client';
import { DEFAULT_POSITION, useLocationState, type Coordinates } from '@/lib/location';
import { useOnline } from '@/lib/online-status';
import { usePageTitle } from '@/lib/use-page-title';
import { useDonations } from '../api/get-donations';
import { BrowseQueryField } from '../components/browse-query-field';
import { DonationGrid } from '../components/donation-grid';
import { LazyDonationsMap } from '../components/lazy-donations-map';
import { FilterPanel } from '../components/filter-panel';
import { LocationDialog } from '../components/location-dialog';
import { OfflineNone } from '../components/offline-none';
import { SaveSearchButton } from '../components/save-search-button';
import { useDeviceLocation, useLocationBootstrap } from '../hooks/use-device-location';
import { activeFilterCount, filtersFromSearchParams, filtersToSearchParams, toDonationSearch, type BrowseArrival, type DonationFilters } from '../lib/filters';
import '../components/donations.css';

const SEARCH_SKELETONS = 6;

/** /donations: browse and search; the URL holds the filters (docs/product.md#browse). */
export function BrowsePage() {
  const { t } = useTranslation();
  useLocationBootstrap();
  const [params, setParams] = useSearchParams();
  const location = useLocationState();
  const { locate, locating } = useDeviceLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Phones: the filters wait in a sheet behind a button, so the first screen shows donations.
  // The home page's "Filtrer" lands here with the sheet open.
  const arrival = useLocation().state as BrowseArrival | null;
  const [filtersOpen, setFiltersOpen] = useState(arrival?.openFilters === true);
  const goTo = useNavigate();
  // List or map, kept in the URL with the filters so a shared link opens the same view.
  const view = params.get('view') === 'map' ? 'map' : 'list';

  const filters = useMemo(() => filtersFromSearchParams(params, { distance: location.distance }), [params, location.distance]);
  const search = useMemo(() => toDonationSearch(filters, location.position), [filters, location.position]);
  const results = useDonations(search);
  const online = useOnline();
  const donations = useMemo(() => results.data?.pages.flatMap((page) => page.items) ?? [], [results.data]);
  const hasPosition = search.lat !== undefined;
  // The first page carries how many the search found in all.
  const total = results.data?.pages[0]?.total;
  const suggestion = results.data?.pages[0]?.suggestion;

  const title = filters.query ? t('donations.browse.resultsFor', { query: filters.query }) : t('donations.browse.title');
  usePageTitle(title);

  const navigate = (next: DonationFilters, replace = false, nextView: 'list' | 'map' = view) => {
    setParams(filtersToSearchParams(next, nextView), { replace });
  };
  const openDonation = useCallback((id: number) => goTo(`/donations/${id}`), [goTo]);
  const points = useMemo(() => donations.map((d) => ({ id: d.id, title: d.title, lat: d.latitude, lng: d.longitude })), [donations]);
  // Submitting writes the position in use (the URL's or the member's) along with the filters.
  const submit = (next: DonationFilters) => {
    setFiltersOpen(false);
    navigate({ ...next, position: next.position ?? location.position });
  };
  const activeFilters = activeFilterCount(filters);
  const moveTo = (position: Coordinates, distance = filters.distance) => navigate({ ...filters, position, distance });

  async function locateHere() {
    const next = await locate();
    if (next?.position) moveTo(next.position);
  }

  return (
    <div className="container page" data-testid="browse-page">
      <div className="browse-layout">
        <aside className="browse-layout__filters" aria-label={t('donations.browse.filters')} data-open={filtersOpen} data-testid="filters-sheet">
          <div className="browse-sheet__head">
            <strong>{t('donations.browse.filters')}</strong>
            <Button variant="ghost" size="sm" onClick={() => setFiltersOpen(false)} aria-label={t('common.close')} data-testid="filters-close">
              <X className="icon" aria-hidden="true" />
            </Button>
          </div>
          <FilterPanel
            filters={filters}
            location={location}
            hasPosition={hasPosition}
            locating={locating}
            onSubmit={submit}
            onSliderSettled={(next) => navigate({ ...next, position: next.position ?? location.position }, true)}
            onUsePosition={() => void locateHere()}
            onChangeLocation={() => setDialogOpen(true)}
          />
        </aside>

        <section className="browse-layout__results" aria-labelledby="browse-title">
          <header className="browse-results__head">
            <h1 id="browse-title" data-testid="browse-heading">
              {title}
            </h1>
            {!results.isPending && !results.isError && (
              <p className="muted" data-testid="browse-count" data-count={total?.count ?? donations.length} data-more={results.hasNextPage}>
                {countLine(t, total, donations.length, results.hasNextPage)}
              </p>
            )}
            <BrowseQueryField query={filters.query} onSearch={(query) => navigate({ ...filters, query, position: filters.position ?? location.position })} />
            <Button
              variant="outline"
              size="sm"
              className="browse-sheet__open"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen(true)}
              data-testid="filters-open"
              data-count={activeFilters}
            >
              <SlidersHorizontal className="icon" aria-hidden="true" />{' '}
              {activeFilters > 0 ? t('donations.browse.filtersCount', { count: activeFilters }) : t('donations.browse.filters')}
            </Button>
            <div className="view-toggle" role="group" aria-label={t('donations.map.viewLabel')}>
              <Button variant={view === 'list' ? 'primary' : 'outline'} size="sm" aria-pressed={view === 'list'} onClick={() => navigate(filters, true, 'list')} data-testid="view-list">
                <List className="icon" aria-hidden="true" /> {t('donations.map.viewList')}
              </Button>
              <Button variant={view === 'map' ? 'primary' : 'outline'} size="sm" aria-pressed={view === 'map'} onClick={() => navigate(filters, true, 'map')} data-testid="view-map">
                <MapIcon className="icon" aria-hidden="true" /> {t('donations.map.viewMap')}
              </Button>
            </div>
            <SaveSearchButton filters={filters} />
            {/* "Je cherche" at hand where members look for things (issue 46), on phones too. */}
            <Link to="/asks" className="browse-results__ask link-arrow" data-testid="browse-asks-link">
              <Hand className="icon" aria-hidden="true" /> {t('donations.browse.askLink')}
            </Link>
            {!hasPosition && (
              <p className="browse-results__note" data-testid="browse-no-position">
                <Info className="icon" aria-hidden="true" /> {t('donations.browse.noPosition')}
              </p>
            )}
          </header>

          {results.isPending ? (
            <DonationGrid donations={undefined} loading skeletons={SEARCH_SKELETONS} testId="browse-grid" />
          ) : results.isError && !results.data && !online ? (
            <OfflineNone testId="browse-offline-none" />
          ) : results.isError && !results.data ? (
            <ErrorState message={t('donations.browse.error')} onRetry={results.refetch} testId="browse-error" />
          ) : donations.length === 0 ? (
            <EmptyState Icon={SearchX} title={t('donations.browse.empty')} text={t('donations.browse.emptyText')} testId="browse-empty">
              {/* Nothing found: the words the catalogue spells that way, and the same words as an ask (issue 46). */}
              {suggestion && (
                <p>
                  <Link to={`?${filtersToSearchParams({ ...filters, query: suggestion }, view).toString()}`} data-testid="browse-suggestion">
                    {t('donations.browse.didYouMean', { suggestion })}
                  </Link>
                </p>
              )}
              {filters.query && (
                <p>
                  <Link to={`/asks?${new URLSearchParams({ title: filters.query }).toString()}`} className="link-arrow" data-testid="browse-ask-for">
                    <Hand className="icon" aria-hidden="true" /> {t('donations.browse.askFor', { query: filters.query })}
                  </Link>
                </p>
              )}
            </EmptyState>
          ) : (
            <>
              {view === 'map' ? (
                <LazyDonationsMap
                  points={points}
                  center={search.lat !== undefined && search.lng !== undefined ? { lat: search.lat, lng: search.lng } : DEFAULT_POSITION}
                  zoom={12}
                  onOpen={openDonation}
                  testId="browse-map"
                />
              ) : (
                <DonationGrid donations={donations} testId="browse-grid" />
              )}
              <LoadMore list={results} label={t('donations.browse.loadMore')} testId="load-more" />
            </>
          )}
        </section>
      </div>
      <LocationDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onApplied={(next) => next.position && moveTo(next.position, next.distance)}
      />
    </div>
  );
}

/**
 * "N dons trouvés" from the API's total ("Plus de 1000…" above its cap); an answer without one
 * (an older gateway, a cached page) falls back to what is loaded, "the first N" while more follow.
 */
function countLine(t: TFunction, total: Page<unknown>['total'], loaded: number, more: boolean): string {
  if (total?.capped) return t('donations.browse.countMore', { total: total.count });
  if (total) return t('donations.browse.count', { count: total.count });
  return more ? t('donations.browse.countFirst', { count: loaded }) : t('donations.browse.count', { count: loaded });
}
