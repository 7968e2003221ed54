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
// It also waits for those answers, a little: Preact renders in one task (`startTransition` runs at
// once: decision 0054), so one render with the answers blocks a phone less than a render of
// placeholders and one more per answer (issue 44). A slow answer is not waited for beyond
// FIRST_ANSWERS_WAIT_MS after the code: the page then shows its placeholders, as before.
const FIRST_ANSWERS_WAIT_MS = 1000;
const first = preloadRoute(new URL(window.location.href));
const answersOrLater = first.code.then(() => Promise.race([first.answers, new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS))]));
void Promise.all([i18nReady, first.code, answersOrLater]).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
