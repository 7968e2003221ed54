import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { applyLanguageToDocument } from '@/lib/direction';
import { i18n } from '@/lib/i18n';

// Testing Library unmounts by itself only where the test runner's globals are on; here they are not.
afterEach(cleanup);

/**
 * Renders `page` at `url` (matched against `path`) with the app's providers: its texts in
 * `language`, a query cache of its own (no retries, so an error shows at once), toasts, a router.
 */
export async function renderPage(page: ReactNode, { path, url, language = 'fr' }: { path: string; url: string; language?: 'fr' | 'ar' }) {
  await i18n.changeLanguage(language);
  applyLanguageToDocument(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={page} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, queryClient };
}
