import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './ui.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}

// Controls are dir="auto" (callers may override): what a member types in Arabic runs right to left
// on a French screen and French left to right on an Arabic one; ui.css keeps an empty control's
// placeholder in the screen's direction.

/** Label + control + hint + error. The label is tied to the control by id, so tests can fill by label. */
function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** What every field's control carries: its id, its classes, and the hint and error that describe it (the caller's props may override). */
function controlProps(id: string, hint: unknown, error: unknown, classes: (string | undefined)[]) {
  return {
    id,
    className: classes.filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
}

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function InputField({ id, label, hint, error, className, ...rest }: InputFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...controlProps(id, hint, error, ['input', className])} dir="auto" {...rest} />
    </FieldFrame>
  );
}

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextareaField({ id, label, hint, error, className, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...controlProps(id, hint, error, ['input', 'input--textarea', className])} dir="auto" {...rest} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function SelectField({ id, label, hint, error, className, children, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select {...controlProps(id, hint, error, ['input', className])} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A form-level message (e.g. "please fill every field") shown above the submit button. */
export function FormError({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <p className="form-error" role="alert" id={id} data-testid="form-error">
      {children}
    </p>
  );
}
