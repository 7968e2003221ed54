import { i18n, i18nReady } from '@/lib/i18n';

// The app loads one language's texts at a time; tests switch between both, so both are in first.
await i18nReady;
await i18n.loadLanguages(['fr', 'ar']);
