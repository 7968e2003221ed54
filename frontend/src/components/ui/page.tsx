import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's title and lead (and what else belongs under them). */
export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page__header">
      <h1>{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </header>
  );
}

interface PageShellProps {
  title: ReactNode;
  lead?: ReactNode;
  /** more under the lead, inside the header */
  header?: ReactNode;
  /** classes besides `container page` */
  className?: string;
  testId: string;
  children: ReactNode;
}

/** The frame of a screen: the centred container, its header, then the screen's content. */
export function PageShell({ title, lead, header, className, testId, children }: PageShellProps) {
  return (
    <div className={className ? `container page ${className}` : 'container page'} data-testid={testId}>
      <PageHeader title={title} lead={lead}>
        {header}
      </PageHeader>
      {children}
    </div>
  );
}

/** A whole screen waiting (for the session, or the screen's code): "Chargement…" unless told otherwise. */
export function PageLoading({ text, testId }: { text?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="container page" aria-busy="true" data-testid={testId}>
      <p className="muted">{text ?? t('common.loading')}</p>
    </div>
  );
}
