import arErrors from '@/locales/lazy/ar/errors.json';
import ar from '@/locales/lazy/ar/asks.json';
import frErrors from '@/locales/lazy/fr/errors.json';
import fr from '@/locales/lazy/fr/asks.json';
import { addLazyTexts } from './lazy-texts';

// Asks, "Je cherche": texts of the asks pages and of the donation page's offer panel, both loaded
// on demand, with the error codes only they meet. Importing this module registers them.
addLazyTexts('asks', { fr, ar });
addLazyTexts('errors', { fr: frErrors, ar: arErrors });
