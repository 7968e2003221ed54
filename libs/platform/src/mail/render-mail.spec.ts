import { renderMail } from './render-mail.js';

describe(renderMail.name, () => {
  it('should escape member text in the HTML part and keep it verbatim in the plain-text part', () => {
    const mail = renderMail({ lang: 'fr', heading: 'Bonjour <b>Sami</b>', paragraphs: ['"x" & <script>alert(1)</script>'], action: { label: 'Voir', url: 'https://hdiya.ma/a?b=1&c=2' } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Bonjour &lt;b&gt;Sami&lt;/b&gt;');
    expect(mail.html).toContain('href="https://hdiya.ma/a?b=1&amp;c=2&amp;lang=fr"');
    expect(mail.text).toContain('"x" & <script>alert(1)</script>');
    expect(mail.text).toContain('Voir: https://hdiya.ma/a?b=1&c=2&lang=fr');
  });

  it('should write Arabic right to left', () => {
    const mail = renderMail({ lang: 'ar', heading: 'مرحبا', paragraphs: ['نص'], footer: ['هدية'] });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.text).toBe('مرحبا\n\nنص\n\n--\nهدية\n');
  });

  it('should open every link of ours in the mail\'s language, before a fragment, and not touch member text', () => {
    const mail = renderMail({
      lang: 'ar',
      heading: 'x',
      paragraphs: ['https://ailleurs.example/page'],
      action: { label: 'x', url: 'https://hdiya.ma/reset-password#token=abc' },
      footer: ['Réglages : https://hdiya.ma/settings/notifications', 'Stop : https://hdiya.ma/unsubscribe?token=t.u-v'],
    });
    expect(mail.text).toContain('x: https://hdiya.ma/reset-password?lang=ar#token=abc');
    expect(mail.text).toContain('Réglages : https://hdiya.ma/settings/notifications?lang=ar');
    expect(mail.text).toContain('Stop : https://hdiya.ma/unsubscribe?token=t.u-v&lang=ar');
    expect(mail.text).toContain('https://ailleurs.example/page\n');
    expect(mail.html).toContain('<a href="https://hdiya.ma/unsubscribe?token=t.u-v&amp;lang=ar" dir="ltr"');
  });

  it('should let a long link break anywhere, so a phone never scrolls sideways', () => {
    const mail = renderMail({ lang: 'fr', heading: 'x', paragraphs: [], footer: [`Stop : https://hdiya.ma/unsubscribe?token=${'a'.repeat(300)}`] });
    expect(mail.html).toMatch(/<p style="[^"]*overflow-wrap:anywhere;word-break:break-all">Stop : <a /);
  });

  it('should refuse a link that is not a web address', () => {
    expect(() => renderMail({ lang: 'fr', heading: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });
});
