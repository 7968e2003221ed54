import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { MEMBER_EXPORTS_PER_DAY } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import '@/lib/my-data-texts';

const EXPORT_URL = '/api/auth/user/export';

/** The file name the gateway gave (`Content-Disposition`), or a dated default. */
function fileNameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return named?.[1] ?? `hdiya-mes-donnees-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * "Mes données" (docs/product.md#my-data): download everything Hdiya holds about the member, as a
 * ZIP, a few times a day. Fetched rather than linked, so a refusal shows here in the member's
 * language instead of as a failed download.
 */
export function MyDataCard() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(EXPORT_URL, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        if (response.status !== 429) setError(t('myData.failed'));
        // The gateway's French says when it frees up; other languages say the rule.
        else setError(i18n.resolvedLanguage === 'fr' && typeof body?.message === 'string' ? body.message : t('myData.limited', { count: MEMBER_EXPORTS_PER_DAY }));
        return;
      }
      const href = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = href;
      link.download = fileNameOf(response);
      link.click();
      URL.revokeObjectURL(href);
    } catch {
      setError(t('myData.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="my-data-title" data-testid="my-data">
      <h2 id="my-data-title">{t('myData.title')}</h2>
      <p className="muted">{t('myData.lead', { count: MEMBER_EXPORTS_PER_DAY })}</p>
      <div>
        <Button variant="secondary" loading={busy} onClick={() => void download()} data-testid="download-my-data">
          {busy ? t('myData.preparing') : t('myData.download')}
        </Button>
      </div>
      {error ? (
        <p role="alert" data-testid="my-data-error">
          {error}
        </p>
      ) : null}
      <p className="muted">
        <Link to="/privacy-policy">{t('myData.privacy')}</Link>
      </p>
    </section>
  );
}
