import ar from '@/locales/lazy/ar/chatPhotos.json';
import fr from '@/locales/lazy/fr/chatPhotos.json';
import { addLazyTexts } from './lazy-texts';

// Photos in chat (decision 0045): texts of the messages screen only, loaded on demand.
addLazyTexts('chatPhotos', { fr, ar });
