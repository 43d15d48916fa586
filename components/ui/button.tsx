'use client';

import type { ButtonHTMLAttributes } from 'react';
import { useTranslations } from 'next-intl';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** Shows a small spinner and blocks clicks while an action runs. */
  busy?: boolean;
  block?: boolean;
};

/** The app's button: a native `<button>` (type `button` unless told) with a variant and a busy state. */
export function Button({ variant = 'primary', busy = false, block = false, className, children, disabled, type, ...rest }: ButtonProps) {
  const t = useTranslations('common');
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && (
        <span className="btn-spinner" aria-hidden="true" />
      )}
      {children}
      {busy && <span className="sr-only">{t('loading')}</span>}
    </button>
  );
}
