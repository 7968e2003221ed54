import { useId, type ReactNode } from 'react';
import './setting-switch.css';

interface SettingSwitchProps {
  title: string;
  hint: string;
  /** what the switch does now, read out when it changes */
  status: ReactNode;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onChange: () => void;
  testId: string;
  /** more data attributes on the card (`data-state`) */
  data?: Record<`data-${string}`, string>;
}

/** A setting of this device on a card: its name, an on/off switch, a hint and its status. */
export function SettingSwitch({ title, hint, status, checked, disabled, busy, onChange, testId, data }: SettingSwitchProps) {
  const id = useId();
  return (
    <section className="card setting-switch" data-testid={testId} {...data} aria-busy={busy || undefined}>
      <div className="setting-switch__row">
        <label htmlFor={id} className="setting-switch__title">
          {title}
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="setting-switch__switch"
          data-testid={`${testId}-switch`}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-status`}
          onChange={onChange}
        />
      </div>
      <p className="muted">{hint}</p>
      <p id={`${id}-status`} className="setting-switch__status" role="status" data-testid={`${testId}-status`}>
        {status}
      </p>
    </section>
  );
}
