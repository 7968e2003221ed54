import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberReportRules, type MemberModerationView } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InputField, TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import '@/lib/member-report-texts';
import { formatDateTime } from '@/lib/relative-time';
import { useDecideOnMember, useMemberReports, type MemberDecision } from '../api/member-moderation';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/**
 * "Signalements de membres" (docs/product.md#member-reports): each reported or suspended member
 * with their record, their suspensions and the reports (an attached conversation's messages), and
 * the decisions: suspend (until a date, or for good), reinstate, dismiss a report.
 */
export function MemberReportsSection({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const members = useMemberReports(enabled);
  const decide = useDecideOnMember();
  const [suspending, setSuspending] = useState<MemberModerationView | null>(null);
  const language = i18n.resolvedLanguage ?? 'fr';
  const when = (iso: string) => formatDateTime(iso, language);

  function onDecide(decision: MemberDecision, done: string, after?: () => void) {
    decide.mutate(decision, {
      onSuccess: () => {
        toast({ title: (tr) => tr(done), variant: 'success' });
        after?.();
      },
      onError: (error) => toast({ title: (tr) => tr('memberReports.admin.actionError'), description: (tr) => errorMessage(error, tr, 'memberReports.admin.actionError'), variant: 'error' }),
    });
  }

  return (
    <section className="card stack" data-testid="member-reports">
      <h2>{t('memberReports.admin.title')}</h2>
      {members.isPending ? (
        <ListSkeleton rows={3} testId="member-reports-loading" />
      ) : members.isError ? (
        <p role="alert">{errorMessage(members.error, t, 'memberReports.admin.loadError')}</p>
      ) : members.data.length === 0 ? (
        <p data-testid="member-reports-empty">{t('memberReports.admin.empty')}</p>
      ) : (
        <ul className="plain-list stack" data-testid="member-reports-list">
          {members.data.map((member) => (
            <li key={member.memberId} className="reported-member stack" data-testid="reported-member" data-member-id={member.memberId}>
              <div className="reported-member__head">
                <h3 className="reported-member__name">
                  <bdi>{member.displayName}</bdi> <span className="muted" dir="ltr">@{member.username}</span>
                </h3>
                <p className="muted">
                  {t('memberReports.admin.signedUp', { date: when(member.signedUpAt) })} ·{' '}
                  {t('memberReports.admin.record', { given: member.record.given, received: member.record.received, noShows: member.record.noShows90d })} ·{' '}
                  {t('memberReports.admin.openReports', { count: member.openReports })}
                </p>
                {member.suspension && (
                  <p className="reported-member__suspension" data-testid="reported-member-suspension">
                    {member.suspension.until
                      ? t('memberReports.admin.suspendedUntil', { date: when(member.suspension.until), reason: member.suspension.reason })
                      : t('memberReports.admin.banned', { reason: member.suspension.reason })}
                  </p>
                )}
                {member.pastSuspensions.map((past) => (
                  <p key={past.id} className="muted" data-testid="reported-member-past">
                    {t('memberReports.admin.pastSuspension', { from: when(past.suspendedAt), to: when(past.endedAt!), reason: past.reason })}
                  </p>
                ))}
              </div>
              <ul className="plain-list open-reports__list">
                {member.reports.map((report) => (
                  <li key={report.id} className="open-reports__item stack" data-testid="member-report" data-report-id={report.id}>
                    <p className="open-reports__head">
                      <strong>{t(`memberReports.reasons.${report.reason}`)}</strong>{' '}
                      <span className="muted">
                        {t('memberReports.admin.reportBy', { name: `\u2068${report.reporterName}\u2069`, date: when(report.createdAt) })} · {t(`memberReports.admin.statuses.${report.status}`)}
                      </span>
                    </p>
                    {report.comment && (
                      <p className="open-reports__comment" dir="auto">
                        {report.comment}
                      </p>
                    )}
                    {report.conversation && (
                      <details className="reported-member__conversation" data-testid="member-report-conversation">
                        <summary>{t('memberReports.admin.conversation')}</summary>
                        <ol className="plain-list">
                          {report.conversation.messages.map((message) => (
                            <li key={message.id}>
                              <span className="muted">
                                <bdi>{message.sender.displayName}</bdi> · {when(message.createdAt)}
                              </span>
                              <span className="reported-member__message" dir="auto">
                                {message.photo ? `[${t('memberReports.admin.photo')}] ${message.content}` : message.content}
                              </span>
                            </li>
                          ))}
                        </ol>
                      </details>
                    )}
                    {report.status === 'open' && (
                      <div className="row">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => onDecide({ kind: 'dismiss', reportId: report.id }, 'memberReports.admin.dismissed')}
                          data-testid="member-report-dismiss"
                        >
                          {t('memberReports.admin.dismiss')}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <div className="row">
                {member.suspension ? (
                  <Button variant="outline" size="sm" onClick={() => onDecide({ kind: 'reinstate', memberId: member.memberId }, 'memberReports.admin.reinstated')} data-testid="member-reinstate">
                    {t('memberReports.admin.reinstate')}
                  </Button>
                ) : (
                  member.role !== 'admin' && (
                    <Button variant="danger" size="sm" onClick={() => setSuspending(member)} data-testid="member-suspend">
                      {t('memberReports.admin.suspend')}
                    </Button>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={suspending !== null} onClose={() => setSuspending(null)} title={t('memberReports.admin.suspendTitle')} testId="member-suspend-dialog">
        {suspending && (
          <SuspendForm
            loading={decide.isPending}
            onCancel={() => setSuspending(null)}
            onSubmit={(suspension) => onDecide({ kind: 'suspend', memberId: suspending.memberId, suspension }, 'memberReports.admin.suspended', () => setSuspending(null))}
          />
        )}
      </Dialog>
    </section>
  );
}

/** The suspension's reason (the member reads it) and its end, a day to come, or none: a ban. */
function SuspendForm({ loading, onCancel, onSubmit }: { loading: boolean; onCancel: () => void; onSubmit: (suspension: { reason: string; until?: string }) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [ban, setBan] = useState(false);
  // The first day a suspension may end on, fixed when the form opens.
  const [tomorrow] = useState(() => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The chosen day's end, in the moderator's own time zone.
    onSubmit({ reason: reason.trim(), ...(ban || !until ? {} : { until: new Date(`${until}T23:59:00`).toISOString() }) });
  }

  return (
    <form className="stack" onSubmit={submit} data-testid="member-suspend-form">
      <TextareaField
        id="member-suspend-reason"
        label={t('memberReports.admin.suspendReason')}
        rows={3}
        required
        minLength={MemberReportRules.suspensionReasonMinLength}
        maxLength={MemberReportRules.suspensionReasonMaxLength}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="member-suspend-reason"
      />
      <label className="choice">
        <input type="checkbox" checked={ban} onChange={(event) => setBan(event.target.checked)} data-testid="member-suspend-ban" />
        {t('memberReports.admin.ban')}
      </label>
      {!ban && (
        <InputField
          id="member-suspend-until"
          type="date"
          label={t('memberReports.admin.suspendUntil')}
          min={tomorrow}
          required
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          data-testid="member-suspend-until"
        />
      )}
      <div className="dialog__footer">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={loading} data-testid="member-suspend-submit">
          {t('memberReports.admin.suspendConfirm')}
        </Button>
      </div>
    </form>
  );
}
