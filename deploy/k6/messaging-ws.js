// k6: messaging over the WebSocket. Pairs of members: one holds a socket.io connection (spoken
// by hand: Engine.IO v4 framing over a plain WebSocket), the other sends messages over HTTP; the
// time from send to the socket's `message:new` is a custom trend with a threshold.
//
//   k6 run -e BASE_URL=http://localhost:3000 -e PAIRS=20 -e DURATION=1m deploy/k6/messaging-ws.js
import http from 'k6/http';
import { check } from 'k6';
import { Trend } from 'k6/metrics';
import { WebSocket } from 'k6/experimental/websockets';
import { BASE_URL, ORIGIN, jsonParams, signUp } from './lib/hdiya.js';

const deliveredIn = new Trend('message_delivered_ms', true);

export const options = {
  scenarios: {
    pairs: { executor: 'per-vu-iterations', vus: Number(__ENV.PAIRS || 10), iterations: 1, maxDuration: '5m' },
  },
  thresholds: {
    checks: ['rate>0.99'],
    message_delivered_ms: ['p(95)<250'],
    'http_req_duration{name:send}': ['p(95)<200'],
  },
};

const SECONDS = Number((__ENV.DURATION || '1m').replace(/m$/, '')) * (String(__ENV.DURATION || '1m').endsWith('m') ? 60 : 1);

export default function () {
  const receiver = signUp('receiver');
  const sender = signUp('sender');
  const cookie = Object.entries(receiver.jar.cookiesForURL(BASE_URL))
    .map(([name, values]) => `${name}=${values[0]}`)
    .join('; ');
  const sentAt = {};
  const ws = new WebSocket(`${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, null, { headers: { Cookie: cookie, Origin: ORIGIN } });
  let sent = 0;

  ws.onmessage = (event) => {
    const frame = String(event.data);
    if (frame.startsWith('0')) ws.send('40'); // Engine.IO open → join the default namespace
    else if (frame === '2') ws.send('3'); // ping → pong
    else if (frame.startsWith('40')) {
      // Connected: one message a second for the test's duration.
      const timer = setInterval(() => {
        if (sent >= SECONDS) {
          clearInterval(timer);
          setTimeout(() => ws.close(), 2000);
          return;
        }
        sent += 1;
        const at = Date.now();
        // k6 runs the socket's handlers between calls, never during one: the id is known in time.
        const res = http.post(`${BASE_URL}/api/messages`, JSON.stringify({ content: 'Toujours disponible ?', receiverId: receiver.id }), jsonParams('send', sender.jar));
        check(res, { 'send 201': (r) => r.status === 201 });
        if (res.status === 201) sentAt[res.json('id')] = at;
      }, 1000);
    } else if (frame.startsWith('42')) {
      const [name, payload] = JSON.parse(frame.slice(2));
      if (name === 'message:new' && sentAt[payload.id] !== undefined) {
        deliveredIn.add(Date.now() - sentAt[payload.id]);
        delete sentAt[payload.id];
      }
    }
  };
  ws.onerror = (error) => check(error, { 'socket without error': () => false });
}
