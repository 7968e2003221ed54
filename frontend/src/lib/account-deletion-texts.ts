import arErrors from '@/locales/lazy/ar/errors.json';
import ar from '@/locales/lazy/ar/accountDeletion.json';
import frErrors from '@/locales/lazy/fr/errors.json';
import fr from '@/locales/lazy/fr/accountDeletion.json';
import { addLazyTexts } from './lazy-texts';

// Deleting one's account (docs/product.md#deleting-ones-account): texts of the profile's deletion
// dialog and the confirmation screen, with the error codes only they meet. Importing this module
// registers them.
addLazyTexts('accountDeletion', { fr, ar });
addLazyTexts('errors', { fr: frErrors, ar: arErrors });
