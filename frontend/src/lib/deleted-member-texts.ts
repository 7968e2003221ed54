import ar from '@/locales/lazy/ar/deletedMember.json';
import fr from '@/locales/lazy/fr/deletedMember.json';
import { addLazyTexts } from './lazy-texts';

// A member who deleted their account (decision 0074): their name where others keep something of
// theirs, and why a conversation with them has no send form. Importing this module registers them.
addLazyTexts('deletedMember', { fr, ar });
