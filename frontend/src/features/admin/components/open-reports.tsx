import { useTranslation } from 'react-i18next';
import type { OpenReportView } from '@hdiya/contracts';
import { formatDateTime } from '@/lib/relative-time';

/** The reports a moderator has to decide on: reason, when, and the reporter's own words. */
export function OpenReports({ reports }: { reports: OpenReportView[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="open-reports" aria-label={t('admin.openReports')}>
      <ul className="plain-list open-reports__list" data-testid="moderation-reports">
        {reports.map((report) => (
          <li key={report.id} className="open-reports__item" data-testid="moderation-report">
            <p className="open-reports__head">
              <strong>{t(`donations.report.reasons.${report.reason}`)}</strong>{' '}
              <span className="muted">
                {t('admin.reportedAt', { date: formatDateTime(report.createdAt, i18n.language) })}
              </span>
            </p>
            {report.details ? (
              // Member text: plain text, in its own direction whatever the page's.
              <p className="open-reports__comment" dir="auto" data-testid="moderation-report-comment">
                {report.details}
              </p>
            ) : (
              <p className="open-reports__comment muted">{t('admin.noComment')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
