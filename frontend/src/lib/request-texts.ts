import ar from '@/locales/lazy/ar/requests.json';
import fr from '@/locales/lazy/fr/requests.json';
import { addLazyTexts } from './lazy-texts';

// The request window: texts of the publish form and the donation page only, both loaded on
// demand. Importing this module registers them.
addLazyTexts('requests', { fr, ar });
