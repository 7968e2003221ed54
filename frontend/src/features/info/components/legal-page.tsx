import { useTranslation } from 'react-i18next';
import { InfoPage } from './info-page';

export type LegalPageId = 'privacy' | 'terms' | 'legalNotice';

/** Legal texts: `info.<page>.sections.<id>.{title,text}`, in the order given. */
export function LegalPage({ page, sections, testId }: { page: LegalPageId; sections: readonly string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <InfoPage title={t(`info.${page}.title`)} lead={t('info.legal.updated')} testId={testId} reading>
      <div className="card legal-text">
        {sections.map((id) => (
          <section key={id}>
            <h2>{t(`info.${page}.sections.${id}.title`)}</h2>
            <p>{t(`info.${page}.sections.${id}.text`)}</p>
          </section>
        ))}
      </div>
    </InfoPage>
  );
}
