import { displayName, lastNameInitial, type MessageMemberView } from '@hdiya/contracts';

/** A member's columns as the messaging queries select them, under a prefix (`s_`, `r_`, `o_`). */
export interface MemberColumns {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

/** Shown until the users service's event names a member this service has not met yet. */
export const UNKNOWN_MEMBER_NAME = 'Membre';

export function memberColumns(alias: string, prefix: string): string {
  return `${alias}."username" AS "${prefix}username", ${alias}."first_name" AS "${prefix}first_name",
    ${alias}."last_name" AS "${prefix}last_name", ${alias}."profile_image_url" AS "${prefix}profile_image_url"`;
}

export function memberViewOf(id: string, row: Record<string, unknown>, prefix: string): MessageMemberView {
  const username = row[`${prefix}username`] as string | null;
  const firstName = row[`${prefix}first_name`] as string | null;
  const lastName = row[`${prefix}last_name`] as string | null;
  return {
    id,
    displayName: username === null ? UNKNOWN_MEMBER_NAME : displayName({ username, firstName, lastName }),
    firstName,
    lastName: lastNameInitial(lastName),
    profileImageUrl: row[`${prefix}profile_image_url`] as string | null,
  };
}
