import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/**
 * "Économiseur de données" (issue 44): cards show their smallest photo, and photos below the
 * screen load only once scrolled to. On when this device says so (the member's own choice, kept
 * here), else when the browser asks for less data (`Save-Data: on`, `navigator.connection.saveData`).
 */
export const DATA_SAVER_STORAGE_KEY = 'data-saver';

const listeners = new Set<() => void>();

function browserSavesData(): boolean {
  return (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;
}

export function dataSaverOn(): boolean {
  const chosen = readStorage(DATA_SAVER_STORAGE_KEY);
  return chosen === 'on' || (chosen !== 'off' && browserSavesData());
}

export function setDataSaver(on: boolean): void {
  writeStorage(DATA_SAVER_STORAGE_KEY, on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function useDataSaver(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dataSaverOn,
    () => false,
  );
}
