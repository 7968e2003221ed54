import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '@/components/link';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Class names for anything that should look like a button (also links: `<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

export function Button({ variant, size, loading, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button. */
export function LinkButton({ variant = 'primary', size, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}

export interface CtaLink {
  to: string;
  label: string;
}

/** A row of calls to action: the main one (primary), then the other one (outline). */
export function CtaLinks({ main, other, className = 'row' }: { main: CtaLink; other?: CtaLink; className?: string }) {
  return (
    <div className={className}>
      <LinkButton to={main.to}>{main.label}</LinkButton>
      {other && (
        <LinkButton to={other.to} variant="outline">
          {other.label}
        </LinkButton>
      )}
    </div>
  );
}
