import ar from '@/locales/lazy/ar/limits.json';
import fr from '@/locales/lazy/fr/limits.json';
import { addLazyTexts } from './lazy-texts';

// Where a member stands against the limits: texts of the profile page only, loaded on demand.
addLazyTexts('limits', { fr, ar });
