import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_REPORT_REASONS, MemberReportRules, type ConversationRef, type MemberReportReason } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import '@/lib/member-report-texts';
import { useReportMember } from '@/lib/report-member';

interface MemberReportButtonProps {
  memberId: string;
  /** In a conversation: the one the reporter may attach ("joindre cette conversation"). */
  conversation?: ConversationRef;
  testId?: string;
}

/**
 * "Signaler ce membre", from a member's record on a donation page and from a conversation
 * (docs/product.md#member-reports): a reason, details, and in a conversation the choice to let
 * moderators read it.
 */
export function MemberReportButton({ memberId, conversation, testId = 'member-report-button' }: MemberReportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid={testId}>
        <Flag className="icon" aria-hidden="true" /> {t('memberReports.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('memberReports.title')} testId="member-report-dialog">
        <MemberReportForm memberId={memberId} conversation={conversation} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function MemberReportForm({ memberId, conversation, onClose }: { memberId: string; conversation?: ConversationRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const report = useReportMember();
  const [reason, setReason] = useState<MemberReportReason>('harassment');
  const [comment, setComment] = useState('');
  const [attach, setAttach] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    report.mutate(
      { memberId, reason, comment: comment.trim() || undefined, conversationId: attach && conversation !== undefined ? conversation : undefined },
      {
        onSuccess: () => {
          toast({ title: (tr) => tr('memberReports.sent'), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // A second report the same day is not a failure for the member: theirs is with the moderators.
          // Its own words: the shared ALREADY_REPORTED text is about a donation.
          const already = isApiError(error) && error.code === 'ALREADY_REPORTED';
          toast({
            title: (tr) => tr(already ? 'memberReports.already' : 'memberReports.error'),
            description: (tr) => (already ? tr('memberReports.alreadyHint') : errorMessage(error, tr, 'memberReports.error')),
            variant: already ? 'info' : 'error',
          });
          if (already) onClose();
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} data-testid="member-report-form">
      <p className="muted">{t('memberReports.intro')}</p>
      <fieldset className="choices">
        <legend className="field__label">{t('memberReports.reason')}</legend>
        {MEMBER_REPORT_REASONS.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="member-report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} data-testid={`member-report-reason-${value}`} />
            {t(`memberReports.reasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextareaField
        id="member-report-comment"
        label={t('memberReports.comment')}
        rows={3}
        maxLength={MemberReportRules.commentMaxLength}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        data-testid="member-report-comment"
      />
      {conversation !== undefined && (
        <label className="choice">
          <input type="checkbox" checked={attach} onChange={(event) => setAttach(event.target.checked)} data-testid="member-report-attach" />
          <span>
            {t('memberReports.attach')} <span className="muted">{t('memberReports.attachHint')}</span>
          </span>
        </label>
      )}
      <div className="dialog__footer">
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={report.isPending} data-testid="member-report-submit">
          {t('memberReports.submit')}
        </Button>
      </div>
    </form>
  );
}
