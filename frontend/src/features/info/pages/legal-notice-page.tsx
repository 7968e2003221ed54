import { LegalPage } from '../components/legal-page';

const SECTIONS = ['publisher', 'hosting', 'contact', 'property'] as const;

export function LegalNoticePage() {
  return <LegalPage page="legalNotice" sections={SECTIONS} testId="legal-notice-page" />;
}
