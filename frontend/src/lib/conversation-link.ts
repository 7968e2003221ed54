/** The messages screen opened on one conversation: the other member and the donation, if any. */
export function conversationHref(otherId: string, donationId: number | null): string {
  return `/messages?with=${encodeURIComponent(otherId)}${donationId ? `&donation=${donationId}` : ''}`;
}
