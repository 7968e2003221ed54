import { displayName, isDeletedMemberName, lastNameInitial, type MessageMemberView } from '@hdiya/contracts';

/** A member's columns as the read model holds them; null when the member is not known yet (a LEFT JOIN). */
export interface MemberColumns {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

/** Shown until the users service's event names a member this service has not met yet. */
export const UNKNOWN_MEMBER_NAME = 'Membre';

export function memberViewOf(id: string, member: MemberColumns): MessageMemberView {
  const { username, first_name: firstName, last_name: lastName } = member;
  return {
    id,
    displayName: username === null ? UNKNOWN_MEMBER_NAME : displayName({ username, firstName, lastName }),
    firstName,
    lastName: lastNameInitial(lastName),
    profileImageUrl: member.profile_image_url,
    deleted: isDeletedMemberName(username),
  };
}
