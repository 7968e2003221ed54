import { caughtMails, waitFor, type CaughtMail } from '@hdiya/testing';

export type { CaughtMail };

// The mails the stack sent, read from the mail catcher's REST API (maildev: `GET /email`), as a
// member would find them in their inbox. The test runner exports HDIYA_E2E_MAIL_API_URL.

export function mailApiUrl(): string {
  const url = process.env.HDIYA_E2E_MAIL_API_URL;
  if (!url) throw new Error('HDIYA_E2E_MAIL_API_URL is not set: run the e2e tests through deploy/local/test.mjs');
  return url;
}

/** Every mail caught so far to `address` (case-insensitive), oldest first. */
export async function mailsTo(address: string, apiUrl = mailApiUrl()): Promise<CaughtMail[]> {
  const all = await caughtMails(apiUrl);
  const wanted = address.toLowerCase();
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
}

/** Waits until `count` mails (matching `match`, if given) reached `address`; resolves them. */
export async function waitForMails(
  address: string,
  { count = 1, match, timeoutMs = 15_000, apiUrl }: { count?: number; match?: (mail: CaughtMail) => boolean; timeoutMs?: number; apiUrl?: string } = {},
): Promise<CaughtMail[]> {
  return waitFor(
    async () => {
      const mails = (await mailsTo(address, apiUrl)).filter((mail) => !match || match(mail));
      return mails.length >= count ? mails : undefined;
    },
    { timeoutMs, intervalMs: 200, what: `${count} mail(s) to ${address}` },
  );
}

/** The one link of a mail's plain-text part that opens `path` (e.g. /reset-password). */
export function linkIn(mail: CaughtMail, path: string): string {
  const found = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\S*`));
  if (!found) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return found[0];
}

/** The token of a link's fragment (`#token=…`). */
export function tokenOf(link: string): string {
  const token = new URL(link).hash.match(/token=([^&]+)/)?.[1];
  if (!token) throw new Error(`no token in ${link}`);
  return decodeURIComponent(token);
}
