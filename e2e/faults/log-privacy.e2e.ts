import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { waitForMails } from '../support/mailbox.js';
import { withPrivateStack, type PrivateStack } from '../support/private-stack.js';

// Issue 47: "no e-mail, phone or message text in any log line at info level". A private stack (its
// services log at info, where npm test's shared stack logs warnings only) runs real flows: sign-up,
// a reset request (for an account and for an unknown address), a contact message and a chat
// message; then no line at info, warn or error of any process names an address, a phone number or
// a text written in them. In this lane because it needs a stack of its own.

let world: PrivateStack;

withPrivateStack('logs', { gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000' } }, (started) => (world = started), { logLevel: 'log' });

/** pino's levels from info up (info 30, warn 40, error 50, fatal 60). */
const INFO = 30;

interface LogLine {
  file: string;
  text: string;
  level: number;
}

/** Every line the processes wrote; a line that is not pino's JSON (a crash's trace) counts as an error. */
function logLines(): LogLine[] {
  return readdirSync(world.logDir)
    .filter((file) => file.endsWith('.log'))
    .flatMap((file) =>
      readFileSync(path.join(world.logDir, file), 'utf8')
        .split('\n')
        .filter((text) => text.trim())
        .map((text) => {
          try {
            const parsed = JSON.parse(text) as { level?: unknown };
            return { file, text, level: typeof parsed.level === 'number' ? parsed.level : 50 };
          } catch {
            return { file, text, level: 50 };
          }
        }),
    );
}

it('should write no e-mail, phone or message text in any log line at info level or above', async () => {
  const client = () => new ApiClient(world.stack.url, world.stack.url);
  const writer = client();
  const reader = client();
  const writerPayload = newMemberPayload();
  const readerPayload = newMemberPayload();
  expect((await writer.call('POST /api/signup', { body: writerPayload })).status).toBe(201);
  const readerAccount = await reader.call('POST /api/signup', { body: readerPayload });
  expect(readerAccount.status).toBe(201);

  const unknownAddress = `inconnu_${randomUUID().slice(0, 8)}@example.ma`;
  expect((await client().call('POST /api/forgot-password', { body: { email: writerPayload.email } })).status).toBe(200);
  expect((await client().call('POST /api/forgot-password', { body: { email: unknownAddress } })).status).toBe(200);

  const contact = { name: 'Nadia Berrada', email: `contact_${randomUUID().slice(0, 8)}@example.ma`, subject: `Sujet ${randomUUID().slice(0, 6)}`, message: `Mon frigo bleu ${randomUUID().slice(0, 8)} est à donner` };
  expect((await client().call('POST /api/contact', { body: contact })).status).toBe(201);

  const chat = `Je passe prendre la lampe ${randomUUID().slice(0, 8)} demain`;
  expect((await writer.call('POST /api/messages', { body: { content: chat, receiverId: readerAccount.body.id } })).status).toBe(201);

  // The flows ran their course: the reset mail left (the users service's sender and its log), and
  // the message reached the reader's conversations (messaging stored it and told the gateway).
  await waitForMails(writerPayload.email, { apiUrl: world.mail.apiUrl, match: (mail) => /mot de passe/i.test(mail.subject) });
  await waitFor(async () => ((await reader.call('GET /api/messages')).body as { content: string }[]).some((m) => m.content === chat) || undefined, { timeoutMs: 15_000, what: 'the message' });

  const lines = logLines().filter((line) => line.level >= INFO);
  // The check would pass on silent logs: the services did log at info.
  for (const service of ['users', 'messaging', 'gateway']) expect({ service, logged: lines.some((l) => l.file === `${service}.log`) }).toEqual({ service, logged: true });

  const secrets = [writerPayload.email, writerPayload.phone, readerPayload.email, readerPayload.phone, unknownAddress, contact.email, contact.message, contact.subject, chat];
  const leaks = lines.flatMap((line) => secrets.filter((secret) => line.text.toLowerCase().includes(secret.toLowerCase())).map((secret) => `${line.file}: ${secret} in ${line.text.slice(0, 300)}`));
  expect(leaks).toEqual([]);
});
