'use client';

export type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Id of the element naming the switch (its visible label). */
  labelledBy?: string;
  /** Accessible name when there is no visible label. */
  label?: string;
  id?: string;
  /** Id of a hint describing the switch. */
  describedBy?: string;
  disabled?: boolean;
  /** True while the change is being saved. */
  busy?: boolean;
};

/** An on/off switch: a `role="switch"` button with `aria-checked`, toggled by click, Space or Enter. */
export function Switch({ checked, onChange, labelledBy, label, id, describedBy, disabled, busy }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      className="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}
