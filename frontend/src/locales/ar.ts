import { areasOf } from './areas';

// The Arabic texts, one chunk loaded only when Arabic is shown (lib/i18n).
const files = import.meta.glob<Record<string, unknown>>('./ar/*.json', { eager: true, import: 'default' });

export default areasOf(files);
