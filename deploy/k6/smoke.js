// k6 smoke test for operators: the gateway answers, a member can sign up, and the session
// cookie identifies them.  (k6 is not installed on development machines; there the load
// figures come from `npm run bench`.)
//
//   k6 run deploy/k6/smoke.js
//   k6 run -e BASE_URL=https://hdiya.example.ma -e VUS=10 -e DURATION=1m deploy/k6/smoke.js
//
// Each virtual user signs up once (a real account: run it against a disposable or
// staging database), then repeats GET /api/health and GET /api/auth/user with its cookie.
// Signups are limited per address by the gateway: keep VUS modest from one machine.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
// State-changing requests must carry an allowed Origin (PUBLIC_ORIGINS).
const ORIGIN = __ENV.ORIGIN || BASE_URL;

export const options = {
  scenarios: {
    smoke: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 5),
      duration: __ENV.DURATION || '30s',
    },
  },
  thresholds: {
    checks: ['rate>0.99'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:health}': ['p(95)<200'],
    'http_req_duration{name:auth_user}': ['p(95)<300'],
    'http_req_duration{name:signup}': ['p(95)<1500'], // argon2id hashing is slow on purpose
  },
};

// Module-level state is per virtual user in k6; so is the cookie jar.
let member;

function randomDigits(n) {
  let s = '';
  for (let i = 0; i < n; i += 1) s += Math.floor(Math.random() * 10);
  return s;
}

function signUp() {
  const tag = `${__VU}${Date.now().toString(36)}${randomDigits(4)}`;
  const password = `k6-${randomDigits(8)}-Pw`;
  const body = {
    username: `k6_${tag}`,
    email: `k6+${tag}@example.com`,
    phone: `06${randomDigits(8)}`,
    password,
    confirmPassword: password,
    firstName: 'K6',
    lastName: 'Smoke',
  };
  const res = http.post(`${BASE_URL}/api/signup`, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    tags: { name: 'signup' },
  });
  const ok = check(res, { 'signup 2xx': (r) => r.status >= 200 && r.status < 300 });
  if (!ok) fail(`signup failed: ${res.status} ${String(res.body).slice(0, 200)}`);
  return body;
}

export default function () {
  const health = http.get(`${BASE_URL}/api/health`, { tags: { name: 'health' } });
  check(health, { 'health 200': (r) => r.status === 200 });

  if (!member) member = signUp();

  const me = http.get(`${BASE_URL}/api/auth/user`, { tags: { name: 'auth_user' } });
  check(me, {
    'auth/user 200': (r) => r.status === 200,
    'auth/user is the new member': (r) => String(r.body).includes(member.username),
  });

  sleep(1);
}
