import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { ContactPage } from '@/features/contact/pages/contact-page';
import { HomePage } from '@/features/home/pages/home-page';
import { AboutPage } from '@/features/info/pages/about-page';
import { HowItWorksPage } from '@/features/info/pages/how-it-works-page';
import { LegalNoticePage } from '@/features/info/pages/legal-notice-page';
import { PrivacyPolicyPage } from '@/features/info/pages/privacy-policy-page';
import { SuccessStoriesPage } from '@/features/info/pages/success-stories-page';
import { TermsOfServicePage } from '@/features/info/pages/terms-of-service-page';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { RootLayout } from './layout/root-layout';
import { ComingSoonPage } from './pages/coming-soon-page';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';

// Every route of spec §2. Screens that arrive with later issues share the coming-soon page.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'donations', element: <ComingSoonPage screen="donations" /> },
      { path: 'donations/:id', element: <ComingSoonPage screen="donationDetail" /> },
      { path: 'create-donation', element: <ComingSoonPage screen="createDonation" /> },
      { path: 'edit-donation/:id', element: <ComingSoonPage screen="editDonation" /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'messages', element: <ComingSoonPage screen="messages" /> },
      { path: 'admin', element: <ComingSoonPage screen="admin" /> },
      { path: 'transfer-points', element: <ComingSoonPage screen="transferPoints" /> },
      { path: 'points-history', element: <ComingSoonPage screen="pointsHistory" /> },
      { path: 'notifications', element: <ComingSoonPage screen="notifications" /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'success-stories', element: <SuccessStoriesPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
      { path: 'legal-notice', element: <LegalNoticePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      // The older app linked the forgot-password page to /simple-login.
      { path: 'simple-login', element: <Navigate to="/login" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
