// `node deploy/bench/message-compile-bench.mjs [--dist=services/messaging/dist] [--sends=20000]`:
// the JavaScript cost of one message send in the messaging service with the database answered
// by a stand-in (decision 0035): building and compiling its statements, mapping the rows. What
// the typed query layer adds per message is this figure before and after, against a build of
// each. Prints µs per message and the statements per message; asserts nothing.
// @ts-check
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, args.dist ?? 'services/messaging/dist');
const SENDS = Number(args.sends ?? 20000);
/** @param {string} file */
const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);

const { MessagesService } = await load('messages/messages.service.js');
const { BlocksService } = await load('blocks/blocks.service.js');
const { DirectoryService } = await load('members/directory.service.js');
const { NotificationsService } = await load('notifications/notifications.service.js');
const { DispatchSchedule } = await load('dispatch/dispatch-schedule.js');

const now = new Date();
/** @param {string} id */
const member = (id) => ({ user_id: id, username: 'bench', first_name: 'Bench', last_name: 'Membre', profile_image_url: null });
let statements = 0;
/** Answers each statement like the database would on the send path (a first message: no notice yet). */
/**
 * @param {string} text
 * @param {unknown[]} params
 * @returns {Record<string, unknown>[]}
 */
function answer(text, params) {
  statements += 1;
  const sql = text.toLowerCase();
  if (/ as "msg"|"messages" msg\b/.test(sql)) {
    if (/client_id/.test(sql.split('where')[1] ?? '')) return [];
    return [{ id: params[params.length - 1], content: 'Bonjour', sender_id: SENDER, receiver_id: RECEIVER, donation_id: null, client_id: null, read_at: null, created_at: now,
      s_username: 'a', s_first_name: 'A', s_last_name: 'B', s_profile_image_url: null, r_username: 'c', r_first_name: 'C', r_last_name: 'D', r_profile_image_url: null, donation_title: null }];
  }
  if (/^insert into "?messaging"?\."?notifications"?/.test(sql)) return [{ user_id: RECEIVER, id: randomUUID(), kind: 'message_received', params: {}, read_at: null, created_at: now }];
  if (/from "?messaging"?\."?members"?/.test(sql)) return [member(RECEIVER)];
  return [];
}
const SENDER = randomUUID();
const RECEIVER = randomUUID();
const queryRunner = {
  isTransactionActive: true,
  // TypeORM's structured answer (the typed layer) or its plain one (query strings: [rows, count] for writes).
  /**
   * @param {string} text
   * @param {unknown[]} [params]
   * @param {boolean} [structured]
   */
  query: async (text, params = [], structured) => {
    const records = answer(text, params);
    if (structured) return { records, affected: records.length };
    return /^\s*(update|delete)/i.test(text) ? [records, records.length] : records;
  },
};
const manager = { queryRunner, connection: { createQueryRunner: () => ({ ...queryRunner, release: async () => undefined }) }, query: (/** @type {string} */ t, /** @type {unknown[]} */ p) => queryRunner.query(t, p) };
const plainManager = { ...manager, queryRunner: undefined };
const dataSource = {
  manager: plainManager,
  query: (/** @type {string} */ t, /** @type {unknown[]} */ p) => queryRunner.query(t, p),
  transaction: (/** @type {(m: typeof manager) => unknown} */ work) => work(manager),
};
const config = { MAIL_DIGEST_FIRST_DELAY_MS: 120000, NOTIFICATION_PUSH_DELAY_MS: 10000, MAIL_DIGEST_INTERVAL_MS: 900000, LOOKUP_RPC_TIMEOUT_MS: 3000 };
const dispatch = new DispatchSchedule(config);
const directory = new DirectoryService(dataSource, null, config);
const service = new MessagesService(dataSource, directory, new BlocksService(dataSource, directory), new NotificationsService(dataSource, dispatch), dispatch);

const send = () => service.send(SENDER, { receiverId: RECEIVER, content: 'Bonjour', clientId: randomUUID() });
for (let i = 0; i < 2000; i += 1) await send();
statements = 0;
const started = performance.now();
for (let i = 0; i < SENDS; i += 1) await send();
const perMessageUs = ((performance.now() - started) * 1000) / SENDS;
console.log(`bench     | ${path.relative(ROOT, DIST)}: ${perMessageUs.toFixed(1)} µs per message send (JavaScript only), ${(statements / SENDS).toFixed(0)} statements per message`);
