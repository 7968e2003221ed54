// Shared by the k6 scripts: where the product is, and the member actions they need.
// k6 modules only (k6/http, k6): these files run in k6, not in Node.
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
// State-changing requests must carry an allowed Origin (PUBLIC_ORIGINS).
export const ORIGIN = __ENV.ORIGIN || BASE_URL;

/** An 8×8 JPEG: photos are checked by content, so the donations need a real one. */
export const PHOTO =
  'data:image/jpeg;base64,/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCaAEU7/9k=';

export const CITIES = [
  { name: 'Casablanca', lat: 33.5731, lng: -7.5898 },
  { name: 'Rabat', lat: 34.0209, lng: -6.8416 },
  { name: 'Marrakech', lat: 31.6295, lng: -7.9811 },
  { name: 'Fès', lat: 34.0331, lng: -5.0003 },
  { name: 'Tanger', lat: 35.7595, lng: -5.834 },
  { name: 'Oujda', lat: 34.6814, lng: -1.9086 },
];

function digits(n) {
  let s = '';
  for (let i = 0; i < n; i += 1) s += Math.floor(Math.random() * 10);
  return s;
}

export function jsonParams(name, jar) {
  return { headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, tags: { name }, jar };
}

/**
 * Signs a new member up in their own cookie jar (a real account: run against a disposable or
 * staging database). Signups are limited per address by the gateway (RATE_SIGNUPS_PER_ADDRESS).
 */
export function signUp(role) {
  const jar = new http.CookieJar();
  const tag = `${role}${__VU}x${__ITER}${digits(6)}`;
  const password = `k6-${digits(8)}-Pw`;
  const body = { username: `k6_${tag}`, email: `k6+${tag}@example.com`, phone: `06${digits(8)}`, password, confirmPassword: password, firstName: 'K6', lastName: role };
  const res = http.post(`${BASE_URL}/api/signup`, JSON.stringify(body), jsonParams('signup', jar));
  if (!check(res, { 'signup 201': (r) => r.status === 201 })) fail(`signup failed: ${res.status} ${String(res.body).slice(0, 200)}`);
  return { jar, id: res.json('id') };
}

/** Publishes a donation as `member` in `city`; its id. */
export function publish(member, city, title) {
  const body = { title, description: 'Publié par un test de charge k6.', categoryId: 1 + Math.floor(Math.random() * 8), city: city.name, imageUrl: PHOTO };
  const res = http.post(`${BASE_URL}/api/donations`, JSON.stringify(body), jsonParams('publish', member.jar));
  check(res, { 'publish 201': (r) => r.status === 201 });
  return res.status === 201 ? res.json('id') : null;
}
