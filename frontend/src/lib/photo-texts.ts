import arErrors from '@/locales/lazy/ar/errors.json';
import ar from '@/locales/lazy/ar/photos.json';
import frErrors from '@/locales/lazy/fr/errors.json';
import fr from '@/locales/lazy/fr/photos.json';
import { addLazyTexts } from './lazy-texts';

// A donation's photos (decision 0044): the publish and edit forms and the donation page's gallery,
// all loaded on demand, with the upload refusals only they meet. Importing this module registers them.
addLazyTexts('photos', { fr, ar });
addLazyTexts('errors', { fr: frErrors, ar: arErrors });
