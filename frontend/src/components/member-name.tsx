import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import '@/lib/deleted-member-texts';

/** A member as the API shows them: a deleted one's `id` is a tombstone that leads nowhere (decision 0074). */
export interface ShownMember {
  displayName: string;
  deleted?: boolean;
}

/** The member's name in the screen's language: "Membre supprimé" / "عضو محذوف" for a deleted account. */
export function memberNameOf(member: ShownMember, t: TFunction): string {
  return member.deleted ? t('deletedMember.name') : member.displayName;
}

/** The member's name as plain text, never a link: a deleted member has no profile to open. */
export function MemberName({ member, className, testId }: { member: ShownMember; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <bdi className={className} dir="auto" data-testid={testId} data-deleted={member.deleted ? 'true' : undefined}>
      {memberNameOf(member, t)}
    </bdi>
  );
}
