'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { PlusIcon } from '@/components/ui/icons';

/**
 * The floating add button: Bloquear franja (/new/leave) and Nueva Cita (/new/appointment), each with
 * `?from=` the agenda's day (its URL's `date`) so that closing the wizard returns to that day.
 */
export function AddFab() {
  const t = useTranslations('agenda');
  const router = useAppRouter();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (path: string) => {
    setOpen(false);
    const date = new URLSearchParams(window.location.search).get('date');
    router.push(date ? `${path}?${new URLSearchParams({ from: date })}` : path);
  };

  return (
    <div className={open ? 'agenda-fab is-open' : 'agenda-fab'} ref={ref}>
      {open && (
        <ul id={listId} className="agenda-fab-options">
          <li>
            <button type="button" className="agenda-fab-option" onClick={() => go('/new/leave')}>
              {t('fabLeave')}
            </button>
          </li>
          <li>
            <button type="button" className="agenda-fab-option" onClick={() => go('/new/appointment')}>
              {t('fabAppointment')}
            </button>
          </li>
        </ul>
      )}
      <button
        type="button"
        className="agenda-fab-main"
        aria-label={t('add')}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <PlusIcon size={26} />
      </button>
    </div>
  );
}
