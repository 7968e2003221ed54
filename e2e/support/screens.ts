import { signedUpMember } from './api-client.js';
import { publish } from './members.js';

/** A screen to visit: its name, its path and the test id that shows it has loaded. */
export type Screen = readonly [name: string, path: string, ready: string];

/**
 * A member with something on every main screen: another member's donation (titled `title`) and a
 * conversation about it, started with `message`.
 */
export async function memberWithConversation(title: string, message: string) {
  const donor = await signedUpMember();
  const member = await signedUpMember();
  const item = await publish(donor.client, title);
  await member.client.call('POST /api/messages', { body: { content: message, receiverId: donor.user.id, donationId: item.id } });
  return { donor, member, item };
}

/** The main screens as that member sees them. */
export function mainScreens(donorId: string, donationId: number): Screen[] {
  return [
    ['home', '/', 'hero'],
    ['browse', '/donations', 'browse-page'],
    ['detail', `/donations/${donationId}`, 'donation-title'],
    ['create', '/create-donation', 'photo-drop-zone'],
    ['profile', '/profile', 'profile-tab-panel'],
    ['messages', `/messages?with=${donorId}&donation=${donationId}`, 'message'],
  ];
}
