import { useTranslation } from 'react-i18next';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';

/** This device's data saver (lib/data-saver), on or off. */
export function DataSaverSwitch() {
  const { t } = useTranslation();
  const on = useDataSaver();
  return (
    <SettingSwitch
      title={t('common.dataSaver.title')}
      hint={t('common.dataSaver.hint')}
      status={t(on ? 'common.dataSaver.on' : 'common.dataSaver.off')}
      checked={on}
      onChange={() => setDataSaver(!on)}
      testId="data-saver"
      data={{ 'data-state': on ? 'on' : 'off' }}
    />
  );
}
