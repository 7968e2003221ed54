import arErrors from '@/locales/lazy/ar/errors.json';
import ar from '@/locales/lazy/ar/memberReports.json';
import frErrors from '@/locales/lazy/fr/errors.json';
import fr from '@/locales/lazy/fr/memberReports.json';
import { addLazyTexts } from './lazy-texts';

// Reporting a member and the moderators' member reports (docs/product.md#member-reports): texts of
// the donation page, the conversation and the moderation screen, with the error codes only they
// meet. Importing this module registers them.
addLazyTexts('memberReports', { fr, ar });
addLazyTexts('errors', { fr: frErrors, ar: arErrors });
