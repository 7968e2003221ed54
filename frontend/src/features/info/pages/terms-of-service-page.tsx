import { LegalPage } from '../components/legal-page';

const SECTIONS = ['purpose', 'account', 'donations', 'points', 'conduct', 'liability', 'changes'] as const;

export function TermsOfServicePage() {
  return <LegalPage page="terms" sections={SECTIONS} testId="terms-of-service-page" />;
}
