import { getPushConfig, registerPushSubscription, removePushSubscription } from '../api/push-subscriptions';

// This device's Web Push subscription: the browser's PushManager on the service worker, and
// the messaging service that must know it (decision 0025).

/** off: not subscribed (permission may still be asked); denied: the browser refuses, only its settings can undo it. */
export type DevicePushState = 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as PushManager wants it (base64url text → bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function pushManager(): Promise<PushManager> {
  return (await navigator.serviceWorker.ready).pushManager;
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  const { publicKey } = await getPushConfig();
  if (!publicKey) return 'unavailable';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await pushManager()).getSubscription();
  if (!subscription) return 'off';
  // Known to the browser: tell the server again (it may have dropped it, or another member used this device).
  await registerPushSubscription(subscription.toJSON(), document.documentElement.lang || 'fr');
  return 'on';
}

/** Asks permission (from a click: browsers require it), subscribes this device and registers it. */
export async function enableDevicePush(language: string): Promise<DevicePushState> {
  const { publicKey } = await getPushConfig();
  if (!publicKey) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const manager = await pushManager();
  let subscription = await manager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot receive our pushes.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), applicationServerKey(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  await registerPushSubscription(subscription.toJSON(), language);
  return 'on';
}

export async function disableDevicePush(): Promise<DevicePushState> {
  const subscription = await (await pushManager()).getSubscription();
  if (subscription) {
    await removePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
