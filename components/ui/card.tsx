import type { HTMLAttributes } from 'react';

/** A surface with a border, a soft shadow and padding. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['card', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
