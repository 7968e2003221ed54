import { ConfigError } from '@hdiya/platform';
import type { MessagingConfig } from '../config.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The VAPID identity pushes are signed with, or null when push is not configured. */
export function vapidDetailsOf(config: MessagingConfig): VapidDetails | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey === undefined && privateKey === undefined) return null;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (a key pair) or neither (no push)']);
  }
  return { subject: config.VAPID_SUBJECT, publicKey, privateKey };
}
