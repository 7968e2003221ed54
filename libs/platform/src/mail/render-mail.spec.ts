import { renderMail } from './render-mail.js';

describe(renderMail.name, () => {
  it('should escape member text in the HTML part and keep it verbatim in the plain-text part', () => {
    const mail = renderMail({ lang: 'fr', heading: 'Bonjour <b>Sami</b>', paragraphs: ['"x" & <script>alert(1)</script>'], action: { label: 'Voir', url: 'https://hdiya.ma/a?b=1&c=2' } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Bonjour &lt;b&gt;Sami&lt;/b&gt;');
    expect(mail.html).toContain('href="https://hdiya.ma/a?b=1&amp;c=2"');
    expect(mail.text).toContain('"x" & <script>alert(1)</script>');
    expect(mail.text).toContain('Voir: https://hdiya.ma/a?b=1&c=2');
  });

  it('should write Arabic right to left', () => {
    const mail = renderMail({ lang: 'ar', heading: 'مرحبا', paragraphs: ['نص'], footer: ['هدية'] });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.text).toBe('مرحبا\n\nنص\n\n--\nهدية\n');
  });

  it('should refuse a link that is not a web address', () => {
    expect(() => renderMail({ lang: 'fr', heading: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });
});
