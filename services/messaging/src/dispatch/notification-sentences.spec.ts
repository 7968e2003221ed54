import { randomUUID } from 'node:crypto';
import { pathOf, sentenceOf, tagOf, type DispatchItem } from './notification-sentences.js';

// What a digest mail and a push say and where they lead: the same sentences and links as the web
// app's notification list, so a member reads one thing wherever it reaches them.
const FSI = '\u2068';
const PDI = '\u2069';
const item = (kind: string, params: Record<string, unknown>, unreadMessages: number | null = null): DispatchItem => ({ id: randomUUID(), kind, params, unreadMessages });

describe('notification sentences', () => {
  it('should isolate member text in our sentence, on one line and without direction controls of its own', () => {
    const sentence = sentenceOf('fr', item('reservation_made', { reserverName: 'Amina\nB.\u202e', title: '  كرسي  خشبي ' }));
    expect(sentence).toBe(`${FSI}Amina B.${PDI} a réservé « ${FSI}كرسي خشبي${PDI} ».`);
  });

  it('should count askers in French and with Arabic counted nouns', () => {
    expect(sentenceOf('fr', item('request_received', { title: 'Poussette', count: 3 }))).toBe(`3 personnes ont demandé « ${FSI}Poussette${PDI} ».`);
    expect(sentenceOf('fr', item('request_received', { title: 'Poussette', count: 1 }))).toBe(`Un membre a demandé « ${FSI}Poussette${PDI} ».`);
    expect(sentenceOf('ar', item('request_received', { title: 'Poussette', count: 2 }))).toContain('طلب شخصان');
    expect(sentenceOf('ar', item('request_received', { title: 'Poussette', count: 5 }))).toContain('5 أشخاص');
    expect(sentenceOf('ar', item('request_received', { title: 'Poussette', count: 12 }))).toContain('12 شخصًا');
    expect(sentenceOf('ar', item('request_window_closed', { title: 'Poussette', count: 1 }))).toContain('طلب واحد');
  });

  it('should say how long a member has waited for a reply, at least an hour', () => {
    const since = new Date(Date.now() - 26 * 3_600_000).toISOString();
    expect(sentenceOf('fr', item('reply_reminder', { otherName: 'Youssef', since }))).toBe(`${FSI}Youssef${PDI} attend votre réponse depuis 26 heures.`);
    expect(sentenceOf('fr', item('reply_reminder', { since: new Date().toISOString() }))).toBe('Un membre attend votre réponse depuis une heure.');
  });

  it('should tell the chosen, the skipped and those whose item went to another apart', () => {
    const params = { title: 'Lampe' };
    expect(sentenceOf('fr', item('request_decided', { ...params, outcome: 'chosen' }))).toMatch(/^Vous avez été choisi/);
    expect(sentenceOf('fr', item('request_decided', { ...params, outcome: 'skipped' }))).toMatch(/il vous manquait des points/);
    expect(sentenceOf('fr', item('request_decided', { ...params, outcome: 'not_chosen', by: 'removed' }))).toMatch(/a été retiré par son donateur/);
    expect(sentenceOf('fr', item('request_decided', { ...params, outcome: 'not_chosen' }))).toMatch(/a été donné à un autre membre/);
  });

  it('should add the unread count to a conversation only when more than one message waits', () => {
    const message = (unread: number) => item('message_received', { senderName: 'Salma' }, unread);
    expect(sentenceOf('fr', message(1))).toBe(`Nouveau message de ${FSI}Salma${PDI}.`);
    expect(sentenceOf('fr', message(4))).toBe(`Nouveau message de ${FSI}Salma${PDI}. (4 messages non lus)`);
    expect(sentenceOf('ar', message(4))).toContain('(عدد الرسائل غير المقروءة: 4)');
  });

  it('should lead a conversation to its thread and anything else to its item, or to the notifications', () => {
    const sender = randomUUID();
    const aboutItem = item('message_received', { senderId: sender, donationId: 42 });
    expect(pathOf(aboutItem)).toBe(`/messages?with=${sender}&donation=42`);
    expect(pathOf(item('reply_reminder', { otherId: sender }))).toBe(`/messages?with=${sender}`);
    expect(pathOf(item('reservation_made', { donationId: 42 }))).toBe('/donations/42');
    expect(pathOf(item('request_decided', { donationId: '42' }))).toBe('/notifications');
  });

  it('should tag pushes so one conversation, or one item, replaces its own on the device', () => {
    const sender = randomUUID();
    expect(tagOf(item('message_received', { senderId: sender, donationId: 7 }))).toBe(`conversation:${sender}:7`);
    expect(tagOf(item('reply_reminder', { otherId: sender }))).toBe(`conversation:${sender}:none`);
    expect(tagOf(item('waitlist_offer', { donationId: 7, senderId: sender }))).toBe('donation:7');
  });
});
