import { useSyncExternalStore } from 'react';

// The browser's offer to install the web app (Chromium's beforeinstallprompt). It fires once,
// early, on any page: this module listens from start-up and keeps it for the home page's button.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'installed' | 'offered' | 'manual';

let offer: InstallPromptEvent | null = null;
let installed = typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    changed();
  });
}

function currentState(): InstallState {
  if (installed) return 'installed';
  return offer ? 'offered' : 'manual';
}

/** Installed already, offered by the browser (a button can install), or only by its menu. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentState,
    () => 'manual' as const,
  );
}

export async function installApp(): Promise<void> {
  const event = offer;
  if (!event) return;
  offer = null;
  await event.prompt();
  if ((await event.userChoice).outcome === 'accepted') installed = true;
  changed();
}
