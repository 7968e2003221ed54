import type { MailCatcher } from './infrastructure-types.js';
import { loadLocalStack } from './local-stack.js';

/** A private maildev on two free ports of this machine (an npm package, whichever the backend). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const local = await loadLocalStack();
  const catcher = await local.startMailCatcher(await local.freePort(), await local.freePort(), { log: false });
  return { smtpUrl: catcher.smtpUrl, apiUrl: catcher.webUrl, stop: catcher.stop, start: catcher.start };
}

/** A mail as maildev's REST API (`GET /email`) describes it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
}

/** Every mail the catcher holds, oldest first. */
export async function caughtMails(apiUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${apiUrl}/email`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}
