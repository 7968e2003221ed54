import { LegalPage } from '../components/legal-page';

const SECTIONS = ['data', 'use', 'location', 'sharing', 'retention', 'rights'] as const;

export function PrivacyPolicyPage() {
  return <LegalPage page="privacy" sections={SECTIONS} testId="privacy-policy-page" />;
}
