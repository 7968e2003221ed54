import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';
import './ui.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** buttons, laid out at the end of the dialog */
  footer?: ReactNode;
  testId?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and returns focus to
 * the opener. The content is mounted only while open, so forms inside start fresh each time.
 */
export function Dialog({ open, onClose, title, children, footer, testId }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      // a click on the backdrop lands on the <dialog> itself, never on its content
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {open && (
        <div className="dialog__panel">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label={t('common.close')}>
              ×
            </button>
          </div>
          <div className="dialog__body">{children}</div>
          {footer && <div className="dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** `danger` (default) for destructive actions; `primary` for a final but welcome step */
  confirmVariant?: ButtonVariant;
  loading?: boolean;
  testId?: string;
}

/** "Are you sure?" before a destructive action; Cancel keeps the focus out of harm's way. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  text,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'danger',
  loading,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid={testId ? `${testId}-cancel` : undefined} autoFocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={loading} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="muted">{text}</p>
    </Dialog>
  );
}
