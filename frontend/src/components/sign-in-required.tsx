import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { authHref } from '@/lib/return-path';

/** The "Connexion requise" card that members-only screens show to visitors (docs/product.md#members-and-roles). */
export function SignInRequired({ text, testId = 'sign-in-required' }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="container page">
      <EmptyState Icon={Lock} heading="h1" title={t('common.signInRequired')} text={text} testId={testId}>
        <LinkButton to={authHref('/login', `${pathname}${search}`)} data-testid={`${testId}-login`}>
          {t('layout.login')}
        </LinkButton>
      </EmptyState>
    </div>
  );
}
