import { frenchValidationTexts } from '@/lib/validation';
import { areasOf } from './areas';

// The French texts, one chunk loaded only when French is shown (lib/i18n). French form messages
// come from the contracts, the same texts the API answers with.
const files = import.meta.glob<Record<string, unknown>>('./fr/*.json', { eager: true, import: 'default' });

export default { ...areasOf(files), validation: frenchValidationTexts() };
