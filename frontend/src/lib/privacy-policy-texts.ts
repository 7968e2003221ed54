import ar from '@/locales/lazy/ar/privacyPolicy.json';
import fr from '@/locales/lazy/fr/privacyPolicy.json';
import { addLazyTexts } from './lazy-texts';

// The privacy policy (docs/privacy.md): long texts of one page, loaded with it.
addLazyTexts('privacyPolicy', { fr, ar });
