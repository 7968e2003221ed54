import { createHash, randomBytes } from 'node:crypto';

/** A random token for a mailed link (256 bits) and the SHA-256 kept instead of it. */
export function newMailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashMailedToken(token) };
}

export function hashMailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
