import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devicePushState, disableDevicePush, enableDevicePush, type DevicePushState } from '../lib/device-push';
import { SettingSwitch } from '@/components/ui/setting-switch';

// A browser that never readies a service worker (development server, private windows of some
// browsers) must not leave the switch checking forever.
const READY_LIMIT_MS = 10_000;

function withLimit<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), READY_LIMIT_MS))]);
}

/** "Notifications sur cet appareil": Web Push for this browser, on or off (decision 0025). */
export function DevicePushSwitch() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<DevicePushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    withLimit(devicePushState(), 'unsupported' as const).then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(state === 'on' ? await disableDevicePush() : await enableDevicePush(i18n.resolvedLanguage ?? 'fr'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const usable = state === 'on' || state === 'off';
  return (
    <SettingSwitch
      title={t('push.title')}
      hint={t('push.hint')}
      status={failed ? t('push.failed') : t(`push.${state}`)}
      checked={state === 'on'}
      disabled={!usable || busy}
      busy={busy || state === 'loading'}
      onChange={() => void toggle()}
      testId="device-push"
      data={{ 'data-state': state }}
    />
  );
}
