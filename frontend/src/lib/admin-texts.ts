import ar from '@/locales/lazy/ar/admin.json';
import fr from '@/locales/lazy/fr/admin.json';
import { addLazyTexts } from './lazy-texts';

// Moderators' screen: loaded on demand, so its texts are too (every eager locale file counts
// against the first download's budget). Importing this module registers them.
addLazyTexts('admin', { fr, ar });
