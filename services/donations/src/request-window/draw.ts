import { createHash } from 'node:crypto';

// The draw of a request window nobody chose in (docs/product.md#request-window): weighted towards
// members who received less, and replayable from what is stored (the seed and each weight).

/**
 * A request's weight: 1 for a member who received nothing in 28 days, 1/2 after one gift, 1/3
 * after two… A member who signed up this week never gets the top weight: they count one gift more.
 */
export const drawWeight = (received28d: number, newMember = false): number => 1 / (1 + Math.max(0, received28d) + (newMember ? 1 : 0));

/** A uniform number in (0, 1) from the seed and the request's id: the same inputs, the same number. */
function uniform(seed: string, id: string): number {
  const digest = createHash('sha256').update(`${seed}:${id}`).digest();
  // 48 bits, shifted off 0 so that its logarithm is finite.
  return (digest.readUIntBE(0, 6) + 0.5) / 2 ** 48;
}

/**
 * Every request in draw order, first drawn first: weighted sampling without replacement
 * (Efraimidis and Spirakis: each gets the key u^(1/w), the largest first), so a request is first
 * with probability w / Σw, and a skipped winner (no points) hands over to the next in this order.
 */
export function drawOrder<T extends { id: string; weight: number }>(seed: string, requests: readonly T[]): T[] {
  const keyed = requests.map((request) => ({ request, key: Math.log(uniform(seed, request.id)) / request.weight }));
  return keyed.sort((a, b) => b.key - a.key || a.request.id.localeCompare(b.request.id)).map((k) => k.request);
}
