import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_ACTIONS, type ModerationLogEntryView } from '@hdiya/contracts';
import { SelectField } from '@/components/ui/input';
import { ErrorState, LoadMore } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/relative-time';
import { useModerationLog, type ModerationLogFilter } from '../api/moderation-log';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/**
 * The moderation log (docs/product.md#moderation-log): every moderator action, who, when, what
 * and why, newest first; read only, as nothing in the product may change it.
 */
export function ModerationLogSection({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<ModerationLogFilter>({});
  const log = useModerationLog(enabled, filter);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  // The moderators one can pick: those the journal shows, and the one picked (named as when picked).
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const moderators = new Map(entries.map((entry) => [entry.actorId, nameOf(entry)]));
  if (picked && !moderators.has(picked.id)) moderators.set(picked.id, picked.name);
  const actionId = useId();
  const actorId = useId();
  const language = i18n.resolvedLanguage ?? 'fr';

  return (
    <section className="card stack" id="moderation-log" data-testid="moderation-log">
      <h2>{t('admin.moderationLog.title')}</h2>
      <p className="muted">{t('admin.moderationLog.lead')}</p>
      <div className="moderation-log__filters">
        <SelectField
          id={actionId}
          label={t('admin.moderationLog.filterAction')}
          value={filter.action ?? ''}
          onChange={(event) => setFilter({ ...filter, action: event.target.value || undefined })}
          data-testid="moderation-log-action"
        >
          <option value="">{t('admin.moderationLog.allActions')}</option>
          {MODERATION_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`admin.moderationLog.actions.${actionKey(action)}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={actorId}
          label={t('admin.moderationLog.filterActor')}
          value={filter.actor ?? ''}
          onChange={(event) => {
            const id = event.target.value;
            setPicked(id ? { id, name: moderators.get(id) ?? id } : null);
            setFilter({ ...filter, actor: id || undefined });
          }}
          data-testid="moderation-log-actor"
        >
          <option value="">{t('admin.moderationLog.allActors')}</option>
          {[...moderators].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      {log.isPending ? (
        <ListSkeleton rows={3} testId="moderation-log-loading" />
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error, t, 'admin.moderationLog.loadError')} onRetry={log.refetch} card={false} testId="moderation-log-error" />
      ) : entries.length === 0 ? (
        <p data-testid="moderation-log-empty">{t('admin.moderationLog.empty')}</p>
      ) : (
        <>
          <ol className="plain-list moderation-log__list" data-testid="moderation-log-list">
            {entries.map((entry) => (
              <li key={entry.id} className="moderation-log__entry" data-testid="moderation-log-entry" data-action={entry.action}>
                <p className="moderation-log__what">
                  <strong>{actionLabel(t, entry)}</strong> · <span>{t('admin.moderationLog.target', { type: targetLabel(t, entry), id: entry.targetId })}</span>
                </p>
                <p className="muted moderation-log__who">
                  {t('admin.moderationLog.by', { name: nameOf(entry), date: formatDateTime(entry.at, language) })}
                </p>
                {entry.reason && (
                  <p className="moderation-log__reason" dir="auto">
                    {t('admin.moderationLog.reason')} {entry.reason}
                  </p>
                )}
              </li>
            ))}
          </ol>
          <LoadMore list={log} label={t('donations.browse.loadMore')} className="row admin-more" testId="moderation-log-more" />
        </>
      )}
    </section>
  );
}

/** An action's text key: its code without dots, which would nest it (`donation.force_delete` → `donation_force_delete`). */
const actionKey = (action: string) => action.replace(/\./g, '_');

/** The moderator's public name, or the start of their id when the users service could not say. */
const nameOf = (entry: ModerationLogEntryView) => entry.actorName ?? entry.actorId.slice(0, 8);

type Translate = ReturnType<typeof useTranslation>['t'];

/** A known action in the screen's words; one a service wrote before the web app knew it, as its code. */
const actionLabel = (t: Translate, entry: ModerationLogEntryView) => t(`admin.moderationLog.actions.${actionKey(entry.action)}`, { defaultValue: entry.action });
const targetLabel = (t: Translate, entry: ModerationLogEntryView) => t(`admin.moderationLog.targets.${entry.targetType}`, { defaultValue: entry.targetType });
