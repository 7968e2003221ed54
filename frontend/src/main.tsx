import '@/lib/zod-config'; // before any form parses (sets zod's options without loading it)
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '@/lib/i18n'; // sets <html lang dir> before the first paint
import { initTheme } from '@/lib/theme';
import { listenForInstallPrompt } from '@/lib/install-prompt';
import '@/app/global.css'; // first, so feature styles can build on it
import '@/app/first-screen.css';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/router';

initTheme();
listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first render waits for the language's texts and the page's own code (asked for at once, side
// by side, with the page's first answers): until then the server's first screen stays, then the page replaces it whole.
// Preact renders it in one task (`startTransition` runs at once: decision 0054).
void Promise.all([i18nReady, preloadRoute(new URL(window.location.href))]).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
