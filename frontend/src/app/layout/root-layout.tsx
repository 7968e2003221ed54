import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { useRealtimeConnected } from '@/lib/realtime';
import { PageLoading } from '@/components/ui/page';
import { RealtimeSync } from '../realtime-sync';
import { MobileTabBar } from './mobile-tab-bar';
import { OfflineBanner } from './offline-banner';
import { ScrollToTop } from './scroll-to-top';
import './layout.css';

export function RootLayout() {
  const { t } = useTranslation();
  // Screens poll the API only while the socket is down; tests read this to know which is at work.
  const realtime = useRealtimeConnected() ? 'connected' : 'offline';
  return (
    <div className="app-shell" data-realtime={realtime}>
      <ScrollToTop />
      <RealtimeSync />
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" className="app-main">
        <Suspense fallback={<PageLoading testId="page-loading" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileTabBar />
    </div>
  );
}

