import '@/lib/zod-config'; // before any form parses
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n'; // sets <html lang dir> before the first paint
import { initTheme } from '@/lib/theme';
import { listenForInstallPrompt } from '@/lib/install-prompt';
import '@/app/global.css'; // first, so feature styles can build on it
import { App } from '@/app/app';

initTheme();
listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
