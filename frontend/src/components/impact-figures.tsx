import { useTranslation } from 'react-i18next';
import { formatCount, useImpact } from '@/lib/impact';

/** What the gifts have done so far, from the data (docs/product.md#home, impact block). */
export function ImpactFigures({ testId = 'impact-figures' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const impact = useImpact();
  const value = (n: number | undefined) => (n === undefined ? '…' : formatCount(n, i18n.language));
  const figures = [
    { id: 'objectsGiven', value: value(impact.data?.objectsGiven) },
    { id: 'members', value: value(impact.data?.members) },
    { id: 'cities', value: value(impact.data?.cities) },
    { id: 'waste', value: impact.data ? t('common.impact.kg', { value: formatCount(impact.data.wasteAvoidedKg, i18n.language) }) : '…' },
  ];
  return (
    <dl className="impact-stats card" data-testid={testId} aria-busy={impact.isPending}>
      {figures.map((figure) => (
        <div key={figure.id} className="stat" data-figure={figure.id}>
          <dt className="stat__label">{t(`common.impact.${figure.id}`)}</dt>
          <dd className="stat__value">
            <bdi>{figure.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
