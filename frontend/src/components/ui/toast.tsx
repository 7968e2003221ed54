import type { TFunction } from 'i18next';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bestEdge, pageControls, type Box, type ToastEdge } from './toast-placement';
import './ui.css';

export type ToastVariant = 'success' | 'error' | 'info';

/**
 * A toast's text: written when shown, from the translator of the moment, so a toast on screen
 * follows a language switch (a plain string stays as it is: for text that is not ours to translate).
 */
export type ToastText = string | ((t: TFunction) => string);

export function toastText(text: ToastText, t: TFunction): string {
  return typeof text === 'function' ? text(t) : text;
}

export interface ToastInput {
  title: ToastText;
  description?: ToastText;
  variant?: ToastVariant;
  /** A follow-up link (e.g. "Se connecter"). A plain link: the toast lives outside the router. */
  action?: { label: ToastText; href: string };
  /** Shown only if no other toast is on screen: for news that arrives by itself (e.g. a notification). */
  polite?: boolean;
}

interface ToastState extends ToastInput {
  id: number;
}

interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** The default duration (docs/product.md#timing-in-the-web-app): news goes away by itself; errors and toasts with a link stay. */
export const TOAST_DURATION_MS = 5000;

export function staysUntilClosed(toast: ToastInput): boolean {
  return toast.variant === 'error' || toast.action !== undefined;
}

// One toast at a time (docs/product.md#timing-in-the-web-app); a new one replaces the current one.
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);

  const toast = useCallback((input: ToastInput) => {
    setCurrent((previous) => (input.polite && previous ? previous : { ...input, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  useEffect(() => {
    if (!current || staysUntilClosed(current)) return;
    const timer = setTimeout(() => setCurrent((shown) => (shown?.id === current.id ? null : shown)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport toast={current} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}

/**
 * Keeps the toast shown off the page's controls: measured at both edges (in one frame, before
 * paint) as it appears and whenever the page changes under it, e.g. when the request sent turns
 * into "Retirer ma demande", a photo loads or the page scrolls (docs/product.md#timing-in-the-web-app).
 */
function useToastEdge(shown: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const viewport = ref.current;
    if (!viewport || shown === undefined) return;
    const boxAt = (edge: ToastEdge): Box => {
      viewport.dataset.edge = edge;
      return viewport.getBoundingClientRect();
    };
    const place = () => {
      const current = (viewport.dataset.edge ?? 'bottom') as ToastEdge;
      const boxes = { bottom: boxAt('bottom'), top: boxAt('top') };
      viewport.dataset.edge = bestEdge(current, boxes, pageControls(document));
    };
    viewport.dataset.edge = 'bottom';
    place();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const observer = new MutationObserver(later);
    const main = document.querySelector('main');
    if (main) observer.observe(main, { childList: true, subtree: true, characterData: true, attributes: true });
    // A photo that loads, a font, a style or a scroll moves the controls without changing the
    // page's markup: a change of the page's size, its loads and its scrolls re-place it too.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(later);
    if (main) resized?.observe(main);
    main?.addEventListener('load', later, true);
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resized?.disconnect();
      main?.removeEventListener('load', later, true);
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, [shown]);
  return ref;
}

function ToastViewport({ toast, onDismiss }: { toast: ToastState | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const ref = useToastEdge(toast?.id);
  return (
    <div ref={ref} className="toast-viewport" role="region" aria-label={t('common.toast.region')} aria-live="polite" data-testid="toast-viewport">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.variant ?? 'info'}`}
          role={toast.variant === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-variant={toast.variant ?? 'info'}
        >
          <div className="toast__body">
            <p className="toast__title" data-testid="toast-title">
              {toastText(toast.title, t)}
            </p>
            {toast.description && (
              <p className="toast__description" data-testid="toast-description">
                {toastText(toast.description, t)}
              </p>
            )}
            {toast.action && (
              <a className="toast__action link-arrow" href={toast.action.href} data-testid="toast-action">
                {toastText(toast.action.label, t)}
              </a>
            )}
          </div>
          <button
            type="button"
            className="toast__close"
            onClick={onDismiss}
            aria-label={t('common.toast.close')}
            data-testid="toast-close"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
