import ar from '@/locales/lazy/ar/share.json';
import fr from '@/locales/lazy/fr/share.json';
import { addLazyTexts } from './lazy-texts';

// Sharing a donation: texts of the donation page only, loaded on demand.
addLazyTexts('share', { fr, ar });
