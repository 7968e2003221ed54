import ar from '@/locales/lazy/ar/donationForm.json';
import fr from '@/locales/lazy/fr/donationForm.json';
import { addLazyTexts } from './lazy-texts';

// The publish and edit forms' counters, draft and leave warning (loaded on demand with the forms).
addLazyTexts('donationForm', { fr, ar });
