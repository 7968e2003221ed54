import ar from '@/locales/lazy/ar/notificationSettings.json';
import fr from '@/locales/lazy/fr/notificationSettings.json';
import { addLazyTexts } from './lazy-texts';

// The notification settings, their link in the member's menu and the unsubscribe page: all loaded
// on demand, so their texts are too. Importing this module registers them.
addLazyTexts('notificationSettings', { fr, ar });
