import Link from 'next/link';
import type { ReactNode } from 'react';
import { ErrorIcon } from './error-icon';

export type NotFoundMessageProps = {
  /** Error. No se ha encontrado … */
  title: ReactNode;
  text?: ReactNode;
  /** The list to go back to, and the link's text. */
  backHref: string;
  backLabel: ReactNode;
};

/** The not-found screen of an unknown or deleted record (spec section 2, "Not-found screens"). */
export function NotFoundMessage({ title, text, backHref, backLabel }: NotFoundMessageProps) {
  return (
    <div className="message-page not-found-message">
      <ErrorIcon />
      <h1>{title}</h1>
      {text ? <p className="muted">{text}</p> : null}
      <Link href={backHref} className="btn btn-secondary">
        {backLabel}
      </Link>
    </div>
  );
}
