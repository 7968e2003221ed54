import ar from '@/locales/lazy/ar/outbox.json';
import fr from '@/locales/lazy/fr/outbox.json';
import { addLazyTexts } from './lazy-texts';

// Messages offline: the queue's state, the conversations kept from the last visit (decision 0061).
addLazyTexts('outbox', { fr, ar });
