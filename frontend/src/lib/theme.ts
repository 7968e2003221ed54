import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

export type Theme = 'light' | 'dark' | 'system';
export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
export const THEME_STORAGE_KEY = 'ui-theme';
export const DEFAULT_THEME: Theme = 'light';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
}

const darkQuery = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();
const stored = readStorage(THEME_STORAGE_KEY);
let current: Theme = isTheme(stored) ? stored : DEFAULT_THEME;

function apply(): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  const resolved = resolveTheme(current, darkQuery?.matches ?? false);
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}

darkQuery?.addEventListener('change', () => {
  if (current === 'system') apply();
});

export function initTheme(): void {
  apply();
}

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(THEME_STORAGE_KEY, theme);
  apply();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme);
  return [theme, setTheme];
}
