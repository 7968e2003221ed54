// k6: the whole gift with several members at once: a donor publishes, another member reserves
// (2 points held), confirms reception (the donor +5); a third member joins the waiting list of a
// reserved item, and a saved search is created. Writes data: run against a disposable or staging
// database.
//
//   k6 run -e BASE_URL=http://localhost:3000 -e VUS=8 -e ITERATIONS=80 deploy/k6/gift-flow.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, CITIES, jsonParams, publish, signUp } from './lib/hdiya.js';

export const options = {
  scenarios: {
    gifts: { executor: 'shared-iterations', vus: Number(__ENV.VUS || 4), iterations: Number(__ENV.ITERATIONS || 20), maxDuration: '5m' },
  },
  thresholds: {
    checks: ['rate>0.98'],
    'http_req_duration{name:publish}': ['p(95)<800'],
    'http_req_duration{name:reserve}': ['p(95)<500'],
    'http_req_duration{name:confirm}': ['p(95)<300'],
    'http_req_duration{name:waitlist}': ['p(95)<300'],
  },
};

export default function () {
  const city = CITIES[__ITER % CITIES.length];
  const donor = signUp('donor');
  const taker = signUp('taker');
  const waiter = signUp('waiter');
  const id = publish(donor, city, `Objet k6 ${__VU}-${__ITER}`);
  if (id === null) return;

  const reserved = http.post(`${BASE_URL}/api/donations/${id}/reserve`, null, jsonParams('reserve', taker.jar));
  check(reserved, { 'reserve 200': (r) => r.status === 200 });
  const joined = http.post(`${BASE_URL}/api/donations/${id}/waitlist`, null, jsonParams('waitlist', waiter.jar));
  check(joined, { 'waitlist 200': (r) => r.status === 200, 'first in line': (r) => r.status === 200 && r.json('me.position') === 1 });

  const saved = http.post(`${BASE_URL}/api/saved-searches`, JSON.stringify({ query: 'objet', city: city.name, distance: 10 }), jsonParams('saved_search', waiter.jar));
  check(saved, { 'saved search 201': (r) => r.status === 201 });

  sleep(0.5);
  const confirmed = http.post(`${BASE_URL}/api/donations/${id}/confirm`, null, jsonParams('confirm', taker.jar));
  check(confirmed, { 'confirm 200': (r) => r.status === 200, 'given': (r) => r.status === 200 && r.json('status') === 'completed' });
}
