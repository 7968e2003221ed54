import arErrors from '@/locales/lazy/ar/errors.json';
import ar from '@/locales/lazy/ar/ratings.json';
import frErrors from '@/locales/lazy/fr/errors.json';
import fr from '@/locales/lazy/fr/ratings.json';
import { addLazyTexts } from './lazy-texts';

// The rating form, rating comments and their moderation: texts of the donation page and the
// moderation screen only, both loaded on demand, with the error codes only they meet. Importing
// this module registers them.
addLazyTexts('ratings', { fr, ar });
addLazyTexts('errors', { fr: frErrors, ar: arErrors });
