import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing, Pencil, Trash2 } from 'lucide-react';
import type { SavedSearchView } from '@hdiya/contracts';
import { SignInRequired } from '@/components/sign-in-required';
import { Button, LinkButton } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/input';
import { PageShell } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCities, useCityLabel } from '../api/get-cities';
import { useSavedSearchChange, useSavedSearches, type SavedSearchBody } from '../api/saved-searches';
import { DistanceSlider } from '../components/distance-slider';
import '../components/donations.css';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/** /alerts: the member's saved searches, each edited in place or deleted. */
export function SavedSearchesPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const searches = useSavedSearches(Boolean(user));
  usePageTitle(t('donations.savedSearches.title'));

  if (!isPending && !user) return <SignInRequired text={t('donations.savedSearches.loginRequired')} testId="alerts-login-required" />;

  return (
    <PageShell title={t('donations.savedSearches.title')} lead={t('donations.savedSearches.lead')} testId="saved-searches-page">
      {/* The session or the list on its way: the rows' shape, not a blank page. */}
      {isPending || searches.isPending ? (
        <ListSkeleton rows={3} testId="saved-searches-loading" />
      ) : searches.data?.length === 0 ? (
        <EmptyState Icon={BellRing} title={t('donations.savedSearches.empty')} text={t('donations.savedSearches.emptyText')} testId="saved-searches-empty">
          <LinkButton to="/donations">{t('home.hero.explore')}</LinkButton>
        </EmptyState>
      ) : (
        <ul className="plain-list stack saved-searches" data-testid="saved-searches">
          {searches.data?.map((search) => <SavedSearchItem key={search.id} search={search} />)}
        </ul>
      )}
    </PageShell>
  );
}

function SavedSearchItem({ search }: { search: SavedSearchView }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const categoryName = useCategoryName();
  const cityLabel = useCityLabel();
  const change = useSavedSearchChange();
  const [editing, setEditing] = useState(false);

  const failed = (error: unknown) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'donations.savedSearches.error'), variant: 'error' });
  const remove = () =>
    change.mutate({ remove: search.id }, { onSuccess: () => toast({ title: (tr) => tr('donations.savedSearches.deleted'), variant: 'success' }), onError: failed });

  return (
    <li className="card stack saved-search" data-testid="saved-search" data-id={search.id}>
      {editing ? (
        <SavedSearchForm
          search={search}
          saving={change.isPending}
          onCancel={() => setEditing(false)}
          onSave={(body) =>
            change.mutate(
              { update: search.id, body },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast({ title: (tr) => tr('donations.savedSearches.updated'), variant: 'success' });
                },
                onError: failed,
              },
            )
          }
        />
      ) : (
        <>
          <p className="saved-search__words">{search.query ? <bdi>{search.query}</bdi> : t('donations.savedSearches.anyWords')}</p>
          <p className="muted" data-testid="saved-search-summary">
            {t('donations.savedSearches.summary', {
              category: search.categoryId ? categoryName(search.categoryId) : t('donations.savedSearches.allCategories'),
              distance: search.distance,
              city: cityLabel(search.city),
            })}
          </p>
          <div className="row">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="saved-search-edit">
              <Pencil className="icon" aria-hidden="true" /> {t('donations.savedSearches.edit')}
            </Button>
            <Button variant="ghost" size="sm" onClick={remove} loading={change.isPending} data-testid="saved-search-delete">
              <Trash2 className="icon" aria-hidden="true" /> {t('donations.savedSearches.delete')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function SavedSearchForm(props: { search: SavedSearchView; saving: boolean; onSave: (body: SavedSearchBody) => void; onCancel: () => void }) {
  const { search, saving, onSave, onCancel } = props;
  const { t } = useTranslation();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cities = useCities().data ?? [];
  const cityLabel = useCityLabel();
  const [query, setQuery] = useState(search.query);
  const [categoryId, setCategoryId] = useState<number | null>(search.categoryId);
  const [city, setCity] = useState(search.city);
  const [distance, setDistance] = useState(search.distance);
  const id = `saved-search-${search.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same city keeps the exact place saved; another city searches around its centre.
    const place = city === search.city ? { lat: search.lat, lng: search.lng } : {};
    onSave({ query: query.trim(), categoryId, city, distance, ...place });
  }

  return (
    <form className="stack" onSubmit={submit} data-testid="saved-search-form">
      <InputField id={`${id}-words`} label={t('donations.savedSearches.words')} value={query} onChange={(e) => setQuery(e.target.value)} maxLength={100} dir="auto" />
      <SelectField
        id={`${id}-category`}
        label={t('donations.form.category')}
        value={categoryId ?? 'all'}
        onChange={(e) => setCategoryId(e.target.value === 'all' ? null : Number(e.target.value))}
      >
        <option value="all">{t('donations.savedSearches.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryName(category.id)}
          </option>
        ))}
      </SelectField>
      <SelectField id={`${id}-city`} label={t('donations.savedSearches.city')} value={city} onChange={(e) => setCity(e.target.value)} data-testid="saved-search-city">
        {(cities.some((c) => c.name === city) ? cities : [{ name: city }, ...cities]).map((c) => (
          <option key={c.name} value={c.name}>
            {cityLabel(c.name)}
          </option>
        ))}
      </SelectField>
      <DistanceSlider id={`${id}-distance`} value={distance} onChange={setDistance} testId="saved-search-distance" />
      <div className="row">
        <Button type="submit" loading={saving} data-testid="saved-search-submit">
          {t('donations.savedSearches.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('donations.savedSearches.cancel')}
        </Button>
      </div>
    </form>
  );
}
