// k6: browse and nearby search, as visitors do most of the day (read-only: safe on production).
//
//   k6 run -e BASE_URL=http://localhost:3000 -e VUS=32 -e DURATION=1m deploy/k6/browse.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, CITIES } from './lib/hdiya.js';

export const options = {
  scenarios: {
    browse: { executor: 'constant-vus', vus: Number(__ENV.VUS || 16), duration: __ENV.DURATION || '1m' },
  },
  thresholds: {
    checks: ['rate>0.99'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:nearby}': ['p(95)<150'],
    'http_req_duration{name:search}': ['p(95)<250'],
    'http_req_duration{name:search_words}': ['p(95)<300'],
    'http_req_duration{name:detail}': ['p(95)<100'],
  },
};

const WORDS = ['chaise', 'table', 'livres', 'vélo', 'poussette', 'lampe', 'armoire', 'jouets'];

export default function () {
  const city = CITIES[Math.floor(Math.random() * CITIES.length)];
  const at = `lat=${city.lat}&lng=${city.lng}`;
  const nearby = http.get(`${BASE_URL}/api/donations/nearby?${at}&distance=10`, { tags: { name: 'nearby' } });
  check(nearby, { 'nearby 200': (r) => r.status === 200 });

  const page = http.get(`${BASE_URL}/api/donations?${at}&distance=${5 + Math.floor(Math.random() * 45)}`, { tags: { name: 'search' } });
  check(page, { 'search 200': (r) => r.status === 200 });

  const word = WORDS[Math.floor(Math.random() * WORDS.length)];
  const found = http.get(`${BASE_URL}/api/donations?${at}&distance=25&query=${encodeURIComponent(word)}`, { tags: { name: 'search_words' } });
  check(found, { 'search with words 200': (r) => r.status === 200 });

  const items = page.status === 200 ? page.json() : [];
  if (items.length > 0) {
    const one = items[Math.floor(Math.random() * items.length)];
    check(http.get(`${BASE_URL}/api/donations/${one.id}`, { tags: { name: 'detail' } }), { 'detail 200': (r) => r.status === 200 });
  }
  sleep(1 + Math.random());
}
