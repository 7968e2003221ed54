import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { rememberTexts } from './remembered-texts';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'fr',
    fallbackLng: false,
    resources: {
      fr: { translation: { hello: 'Bonjour {{name}}', items_one: '{{count}} objet', items_other: '{{count}} objets' } },
      ar: { translation: { hello: 'مرحبا {{name}}', items_one: 'غرض واحد', items_other: '{{count}} أغراض' } },
    },
    interpolation: { escapeValue: false },
  });
  rememberTexts(i18n);
  return i18n;
}

describe('remembered texts', () => {
  it('should answer each call as i18next does, in the language of the moment', async () => {
    const i18n = await instance();
    const t = i18n.getFixedT(null, 'translation');
    expect(t('hello', { name: 'Amina' })).toBe('Bonjour Amina');
    expect(t('hello', { name: 'Karim' })).toBe('Bonjour Karim');
    expect(t('items', { count: 1 })).toBe('1 objet');
    expect(t('items', { count: 3 })).toBe('3 objets');
    await i18n.changeLanguage('ar');
    expect(t('hello', { name: 'Amina' })).toBe('مرحبا Amina');
    expect(i18n.t('items', { count: 1 })).toBe('غرض واحد');
    expect(i18n.getFixedT('fr')('items', { count: 1 })).toBe('1 objet');
  });

  it('should forget its answers when texts are added', async () => {
    const i18n = await instance();
    expect(i18n.t('hello', { name: 'Salma' })).toBe('Bonjour Salma');
    i18n.addResource('fr', 'translation', 'hello', 'Salut {{name}}');
    expect(i18n.t('hello', { name: 'Salma' })).toBe('Salut Salma');
  });

  it('should look up each time a call whose options carry objects', async () => {
    const i18n = await instance();
    const values = { name: { toString: () => 'Nadia' } };
    expect(i18n.t('hello', values)).toBe('Bonjour Nadia');
    values.name = { toString: () => 'Hamza' };
    expect(i18n.t('hello', values)).toBe('Bonjour Hamza');
  });
});
