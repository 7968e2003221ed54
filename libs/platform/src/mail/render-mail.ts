import { withLinkLanguage, type MailLanguage } from '@hdiya/contracts';

export interface MailContent {
  lang: MailLanguage;
  heading: string;
  /** Text only (member text may hold anything): our links go in `action` and `footer`. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines of ours; each web link in them becomes a link that opens in the mail's language. */
  footer?: string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Member text goes into mails: every string is escaped, none is markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Only web links become buttons (a `javascript:` URL in a mail would be a trap). */
function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`renderMail: refusing a non-web link: ${url.slice(0, 40)}`);
  return url;
}

const WEB_LINK = /https?:\/\/\S+/g;

/** A footer line as HTML: its web links clickable and allowed to break anywhere (a long unsubscribe link must not widen a phone's mail). */
function footerHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(WEB_LINK)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(line.slice(last, match.index!))}<a href="${url}" dir="ltr" style="color:#57534e">${url}</a>`;
    last = match.index! + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

/**
 * A mail's HTML and plain-text parts from the same content. Arabic is written right to left
 * (`dir="rtl" lang="ar"` on the document and the body); styles are inline, as mail clients want.
 * Every link of ours opens the page in the mail's language (`?lang=`, issue 46), and no text is
 * wider than a 390 px phone: links break anywhere.
 */
export function renderMail(content: MailContent): { html: string; text: string } {
  const rtl = content.lang === 'ar';
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const inLanguage = (url: string) => withLinkLanguage(safeUrl(url), content.lang);
  const action = content.action ? { label: content.action.label, url: inLanguage(content.action.url) } : undefined;
  const footerLines = (content.footer ?? []).map((line) => line.replace(WEB_LINK, inLanguage));
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5;overflow-wrap:anywhere">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#15803d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555;overflow-wrap:anywhere;word-break:break-all" dir="ltr">${escapeHtml(action.url)}</p>`
    : '';
  const footer = footerLines.map((f) => `<p style="margin:0 0 8px;font-size:12px;color:#777;overflow-wrap:anywhere;word-break:break-all">${footerHtml(f)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="${content.lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;text-align:${align}">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#15803d">Hdiya</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${button}
${footer ? `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0 16px">\n${footer}` : ''}
</div>
</body>
</html>
`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footerLines.length ? ['--', ...footerLines] : []),
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
  return { html, text };
}
