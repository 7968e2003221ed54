import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { installApp, useInstallState } from '@/lib/install-prompt';

/**
 * The app block of docs/product.md#home. Hdiya is a web app that installs from the browser (no store app):
 * a button when the browser offers installation, the menu's words otherwise, nothing once installed.
 */
export function InstallApp() {
  const { t } = useTranslation();
  const state = useInstallState();
  if (state === 'installed') return null;
  return (
    <section className="section card install-app" aria-labelledby="home-install-title" data-testid="install-app" data-state={state}>
      <Smartphone className="icon icon--xl install-app__icon" aria-hidden="true" />
      <div>
        <h2 id="home-install-title" className="section__title">
          {t('home.install.title')}
        </h2>
        <p className="muted">{t('home.install.text')}</p>
        {state === 'offered' ? (
          <Button variant="primary" onClick={() => void installApp()} data-testid="install-app-button">
            {t('home.install.button')}
          </Button>
        ) : (
          <p data-testid="install-app-manual">{t('home.install.manual')}</p>
        )}
      </div>
    </section>
  );
}
