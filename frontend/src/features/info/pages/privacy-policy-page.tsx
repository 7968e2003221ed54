import '@/lib/privacy-policy-texts';
import { LegalPage } from '../components/legal-page';

/** What Hdiya keeps, why, for how long, and the rights of law 09-08 with where each is used (docs/privacy.md). */
const SECTIONS = ['data', 'use', 'location', 'sharing', 'retention', 'rights', 'exercise'] as const;

export function PrivacyPolicyPage() {
  return <LegalPage page="privacy" texts="privacyPolicy" sections={SECTIONS} testId="privacy-policy-page" />;
}
