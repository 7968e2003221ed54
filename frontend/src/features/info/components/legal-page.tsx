import { useTranslation } from 'react-i18next';
import { InfoPage } from './info-page';

export type LegalPageId = 'privacy' | 'terms' | 'legalNotice';

/** Legal texts: `<texts>.sections.<id>.{title,text}` (`texts`: `info.<page>` unless given), in the order given. */
export function LegalPage({ page, sections, testId, texts = `info.${page}` }: { page: LegalPageId; sections: readonly string[]; testId: string; texts?: string }) {
  const { t } = useTranslation();
  return (
    <InfoPage title={t(`${texts}.title`)} lead={t('info.legal.updated')} testId={testId} reading>
      <div className="card legal-text">
        {sections.map((id) => (
          <section key={id}>
            <h2>{t(`${texts}.sections.${id}.title`)}</h2>
            <p>{t(`${texts}.sections.${id}.text`)}</p>
          </section>
        ))}
      </div>
    </InfoPage>
  );
}
