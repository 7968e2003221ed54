import '@/lib/notification-settings-texts';
import { useTranslation } from 'react-i18next';
import type { DispatchedKind, NotificationPreferenceView } from '@hdiya/contracts';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useNotificationPreferenceChange } from '../api/notification-preferences';

const CHANNELS = ['email', 'push'] as const;

/** One row per kind, a switch per channel (e-mail, push); each change is saved at once. */
export function PreferencesGrid({ preferences }: { preferences: NotificationPreferenceView[] }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const change = useNotificationPreferenceChange();
  const set = (kind: DispatchedKind, channel: 'email' | 'push', on: boolean) =>
    change.mutate(
      { kind, channel, on },
      { onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'notificationSettings.error'), variant: 'error' }) },
    );

  return (
    <table className="card preferences-grid" data-testid="notification-preferences">
      <caption className="preferences-grid__caption">{t('notificationSettings.gridCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('notificationSettings.kindColumn')}</th>
          {CHANNELS.map((channel) => (
            <th scope="col" key={channel}>
              {t(`notificationSettings.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {preferences.map((preference) => (
          <tr key={preference.kind} data-kind={preference.kind}>
            <th scope="row">{t(`notificationSettings.kinds.${preference.kind}`)}</th>
            {CHANNELS.map((channel) => (
              <td key={channel}>
                <input
                  type="checkbox"
                  role="switch"
                  className="preferences-grid__switch"
                  data-testid={`preference-${preference.kind}-${channel}`}
                  checked={preference[channel]}
                  disabled={change.isPending}
                  aria-label={t('notificationSettings.switchLabel', {
                    kind: t(`notificationSettings.kinds.${preference.kind}`),
                    channel: t(`notificationSettings.channels.${channel}`),
                  })}
                  onChange={(event) => set(preference.kind, channel, event.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
