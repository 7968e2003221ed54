import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/dialog';
import '@/lib/donation-form-texts';

/** The question a form asks when a link or "back" would leave it with unsaved work (lib/use-leave-warning). */
export function LeaveWarningDialog({ blocker, text }: { blocker: Blocker; text: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={t('donationForm.leave.title')}
      text={text}
      cancelLabel={t('donationForm.leave.stay')}
      confirmLabel={t('donationForm.leave.go')}
      testId="leave-warning"
    />
  );
}
