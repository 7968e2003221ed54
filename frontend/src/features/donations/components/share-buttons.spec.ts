import { describe, expect, it } from 'vitest';
import { shareMessage, whatsappLink } from './share-buttons';

describe('sharing a donation on WhatsApp', () => {
  it('should open wa.me with the title, the city and the page address, encoded whole', () => {
    const message = shareMessage('« كرسي خشبي » à donner gratuitement à Fès sur Hdiya :', 'https://hdiya.ma/donations/42');
    const link = whatsappLink(message);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(link.slice('https://wa.me/?text='.length))).toBe('« كرسي خشبي » à donner gratuitement à Fès sur Hdiya :\nhttps://hdiya.ma/donations/42');
    expect(link).not.toMatch(/[\s«»&]/);
  });
});
