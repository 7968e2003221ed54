import ar from '@/locales/lazy/ar/myData.json';
import fr from '@/locales/lazy/fr/myData.json';
import { addLazyTexts } from './lazy-texts';

// "Mes données" on the profile: texts of the profile page only, loaded on demand.
addLazyTexts('myData', { fr, ar });
