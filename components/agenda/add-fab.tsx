'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PlusIcon } from '@/components/ui/icons';

/** The floating add button: Bloquear franja (/new/leave) and Nueva Cita (/new/appointment). */
export function AddFab() {
  const t = useTranslations('agenda');
  const router = useRouter();
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
    router.push(path);
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
