import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { AskView } from '@hdiya/contracts';
import { Button, LinkButton } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { PageShell } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useLocationState } from '@/lib/location';
import { formatDate } from '@/lib/relative-time';
import { authHref } from '@/lib/return-path';
import { usePageTitle } from '@/lib/use-page-title';
import '@/lib/ask-texts';
import { useAskChange, useMyAsks, useNearbyAsks } from '../api/asks';
import { useCityLabel } from '../api/get-cities';
import { AskForm } from '../components/ask-form';
import '../components/donations.css';

/** /asks, "Je cherche" (docs/product.md#asks): publish an ask, follow one's own, and the public asks nearby. */
export function AsksPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data: user } = useUser();
  // `/asks?title=…` (an empty search's "Je cherche" link) opens the form with those words.
  const [params] = useSearchParams();
  const wanted = params.get('title') ?? '';
  const [posting, setPosting] = useState(wanted !== '');
  const change = useAskChange();
  usePageTitle(t('asks.title'));

  // The button waits for the session (disabled while unknown): a member's quick tap must not be told to sign in.
  const returnPath = wanted ? `/asks?${new URLSearchParams({ title: wanted }).toString()}` : '/asks';
  const post = () => (user ? setPosting(true) : toast({ title: (tr) => tr('asks.signIn'), action: { label: (tr) => tr('layout.login'), href: authHref('/login', returnPath) } }));

  return (
    <PageShell title={t('asks.title')} lead={t('asks.lead')} testId="asks-page">
      {posting && user ? (
        <AskForm
          initialTitle={wanted}
          saving={change.isPending}
          onCancel={() => setPosting(false)}
          onSave={(ask) =>
            change.mutate(
              { post: ask },
              {
                onSuccess: () => {
                  setPosting(false);
                  toast({ title: (tr) => tr('asks.form.posted'), variant: 'success' });
                },
                onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'asks.form.error'), variant: 'error' }),
              },
            )
          }
        />
      ) : (
        <Button onClick={post} disabled={user === undefined} data-testid="ask-post">
          {t('asks.post')}
        </Button>
      )}
      {user && <MyAsks />}
      <NearbyAsks />
    </PageShell>
  );
}

function MyAsks() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const asks = useMyAsks(true);
  const change = useAskChange();
  const cityLabel = useCityLabel();
  const failed = (error: unknown) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'asks.mine.error'), variant: 'error' });

  return (
    <section className="stack" aria-labelledby="my-asks-title">
      <h2 id="my-asks-title">{t('asks.mine.title')}</h2>
      {asks.isPending && <ListSkeleton rows={2} testId="my-asks-loading" />}
      {asks.data?.length === 0 && <p className="muted">{t('asks.mine.empty')}</p>}
      <ul className="plain-list stack" data-testid="my-asks">
        {asks.data?.map((ask) => (
          <li key={ask.id} className="card stack" data-testid="my-ask" data-id={ask.id} data-state={ask.state}>
            <p className="saved-search__words">
              <bdi>{ask.title}</bdi>
            </p>
            <p className="muted">
              {t(`asks.mine.${ask.visibility}`)} · {cityLabel(ask.city)} · {ask.distance} km ·{' '}
              {ask.state === 'closed' ? t('asks.mine.closed') : t(`asks.mine.${ask.state}`, { date: formatDate(ask.expiresAt, i18n.language) })}
            </p>
            {ask.offers > 0 && <p data-testid="my-ask-offers">{t('asks.mine.offers', { count: ask.offers })}</p>}
            {ask.state !== 'closed' && (
              <div className="row">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => change.mutate({ renew: ask.id }, { onSuccess: () => toast({ title: (tr) => tr('asks.mine.renewed'), variant: 'success' }), onError: failed })}
                  data-testid="my-ask-renew"
                >
                  {t('asks.mine.renew')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => change.mutate({ close: ask.id }, { onSuccess: () => toast({ title: (tr) => tr('asks.mine.closedToast'), variant: 'success' }), onError: failed })}
                  data-testid="my-ask-close"
                >
                  {t('asks.mine.close')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function NearbyAsks() {
  const { t } = useTranslation();
  const location = useLocationState();
  const asks = useNearbyAsks(location.position ? { lat: location.position.lat, lng: location.position.lng } : {});
  const shown = asks.data?.pages.flatMap((page) => page.asks) ?? [];

  return (
    <section className="stack" aria-labelledby="nearby-asks-title">
      <h2 id="nearby-asks-title">{t('asks.nearby.title')}</h2>
      {asks.isPending ? (
        <ListSkeleton rows={3} testId="nearby-asks-loading" />
      ) : asks.isSuccess && shown.length === 0 ? (
        <EmptyState Icon={Search} heading="h3" title={t('asks.nearby.empty')} testId="nearby-asks-empty" />
      ) : (
        <ul className="plain-list stack" data-testid="nearby-asks">
          {shown.map((ask) => (
            <NearbyAsk key={ask.id} ask={ask} />
          ))}
        </ul>
      )}
      {asks.hasNextPage && (
        <Button variant="outline" onClick={() => void asks.fetchNextPage()} loading={asks.isFetchingNextPage}>
          {t('asks.nearby.more')}
        </Button>
      )}
    </section>
  );
}

function NearbyAsk({ ask }: { ask: AskView }) {
  const { t } = useTranslation();
  const cityLabel = useCityLabel();
  return (
    <li className="card stack" data-testid="nearby-ask" data-id={ask.id}>
      <p className="saved-search__words">
        <bdi>{ask.title}</bdi>
      </p>
      <p className="muted">
        <bdi>{ask.member?.displayName}</bdi> · {cityLabel(ask.city)}
      </p>
      {!ask.mine && (
        <div className="row">
          <LinkButton to={`/create-donation?ask=${ask.id}`} variant="outline" size="sm" data-testid="nearby-ask-give">
            {t('asks.nearby.give')}
          </LinkButton>
        </div>
      )}
    </li>
  );
}
