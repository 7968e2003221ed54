import { useState } from 'react';

/**
 * A form's text fields: their values, and `field(name)`, the props that bind a control to one
 * (`name`, `value`, `onChange`). `onEdit` runs on every keystroke (e.g. to start a new submission).
 */
export function useFormFields<V extends { [K in keyof V]: string }>(initial: V | (() => V), onEdit?: () => void) {
  const [values, setValues] = useState<V>(initial);
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      onEdit?.();
      setValues((current) => ({ ...current, [name]: event.target.value }));
    },
  });
  return { values, setValues, field };
}
