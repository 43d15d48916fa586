'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { MoreIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { deleteService, reorderServices, useServiceList } from '@/lib/api-client/services';
import { durationLabel, euros } from '@/lib/format';
import type { Service } from '@/lib/validation/dto';
import './services.css';

/**
 * Servicios (`/services`, spec section 2): a card per service with name, description, price and duration
 * (tapping it opens the detail) and a ⋮ menu with Subir and Bajar (the salon's order, which a visit of
 * several services follows: beyond-the-spec section 2) and Eliminar (confirmed, then Servicio eliminado or
 * Error al eliminar el servicio for 4 s); the action Nuevo Servicio. A failed load goes back home (spec
 * section 8).
 */
export function ServiceListScreen() {
  const t = useTranslations('services');
  const tc = useTranslations('common');
  const router = useAppRouter();
  const { data, error } = useServiceList();
  const [toDelete, setToDelete] = useState<Service | null>(null);
  const trigger = useRef<HTMLElement | null>(null);

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    toastError(errorMessageOf(error, tc('genericError')));
    router.replace('/');
  }, [error, router, tc]);

  /** Moves a service one place up (-1) or down (+1) in the salon's order; the focus stays on its ⋮ button. */
  const move = async (service: Service, by: -1 | 1) => {
    if (!data) return;
    const ids = data.map((s) => s.id);
    const from = ids.indexOf(service.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    try {
      await reorderServices(ids);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-service-menu="${service.id}"]`)?.focus());
    } catch (err) {
      toastError(t('moveError'), err);
    }
  };

  const closeDialog = () => {
    setToDelete(null);
    // The menu item that opened the dialog is gone: give the focus back to the card's ⋮ button.
    const el = trigger.current;
    if (el?.isConnected) requestAnimationFrame(() => el.focus());
  };

  return (
    <div className="screen">
      <PageHeader
        title={t('title')}
        action={
          <Link href="/services/new" className="btn btn-primary btn-compact">
            <PlusIcon />
            {t('newService')}
          </Link>
        }
      />
      {data === undefined ? (
        <Spinner />
      ) : data.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <ul className="card-list svc-list" aria-label={t('listLabel')}>
          {data.map((s, i) => (
            <ServiceCard
              key={s.id}
              service={s}
              onMove={(by) => void move(s, by)}
              canMove={{ up: i > 0, down: i < data.length - 1 }}
              onDelete={(el) => {
                trigger.current = el;
                setToDelete(s);
              }}
            />
          ))}
        </ul>
      )}
      <DeleteServiceDialog service={toDelete} onClose={closeDialog} onDeleted={() => setToDelete(null)} />
    </div>
  );
}

/** One service: the name links to the detail (the whole card is the link's target), ⋮ opens the menu. */
function ServiceCard({
  service,
  onDelete,
  onMove,
  canMove,
}: {
  service: Service;
  onDelete: (trigger: HTMLElement | null) => void;
  onMove: (by: -1 | 1) => void;
  canMove: { up: boolean; down: boolean };
}) {
  const t = useTranslations('services');
  return (
    <li className="card svc-card">
      <div className="svc-card-body">
        <h2 className="svc-card-name">
          <Link href={`/services/${service.id}`} className="svc-card-link">
            {service.name}
          </Link>
        </h2>
        {service.description && <p className="svc-card-description">{service.description}</p>}
        <p className="svc-card-meta">
          <span>
            <span className="sr-only">{t('price')}: </span>
            {euros(service.price)}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            <span className="sr-only">{t('duration')}: </span>
            {durationLabel(service.duration)}
          </span>
        </p>
      </div>
      <CardMenu id={service.id} label={t('options', { name: service.name })} onDelete={onDelete} onMove={onMove} canMove={canMove} />
    </li>
  );
}

/**
 * The ⋮ menu button of a card and its items: Subir and Bajar (where the card can move) and Eliminar. The
 * arrow keys move between the items; Escape or a click elsewhere closes it.
 */
function CardMenu({
  id,
  label,
  onDelete,
  onMove,
  canMove,
}: {
  id: number;
  label: string;
  onDelete: (trigger: HTMLElement | null) => void;
  onMove: (by: -1 | 1) => void;
  canMove: { up: boolean; down: boolean };
}) {
  const t = useTranslations('services');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    item.current?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={wrap}
      className="svc-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
        if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
          const at = items.indexOf(document.activeElement as HTMLElement);
          items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !wrap.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-service-menu={id}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreIcon />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={label} className="svc-menu-list">
          {canMove.up && (
            <button ref={item} type="button" role="menuitem" className="svc-menu-item" onClick={() => {
                setOpen(false);
                onMove(-1);
              }}>
              {t('moveUp')}
            </button>
          )}
          {canMove.down && (
            <button ref={canMove.up ? undefined : item} type="button" role="menuitem" className="svc-menu-item" onClick={() => {
                setOpen(false);
                onMove(1);
              }}>
              {t('moveDown')}
            </button>
          )}
          <button
            ref={canMove.up || canMove.down ? undefined : item}
            type="button"
            role="menuitem"
            className="svc-menu-item is-danger"
            onClick={() => {
              setOpen(false);
              onDelete(button.current);
            }}
          >
            <TrashIcon />
            {t('delete')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Eliminar servicio: asks before deleting; the toast tells how it went (4 s). */
function DeleteServiceDialog({
  service,
  onClose,
  onDeleted,
}: {
  service: Service | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useTranslations('services');
  const [busy, setBusy] = useState(false);

  const confirm = async (s: Service) => {
    setBusy(true);
    try {
      await deleteService(s.id);
      toastSuccess(t('deleted'));
      onDeleted();
    } catch (err) {
      toastError(t('deleteError'), err);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={service !== null}
      onClose={busy ? () => undefined : onClose}
      title={t('deleteTitle')}
      footer={
        service && (
          <DialogActions
            variant="danger"
            confirmLabel={t('delete')}
            cancelLabel={t('cancel')}
            busy={busy}
            onConfirm={() => void confirm(service)}
            onCancel={onClose}
          />
        )
      }
    >
      {service && <p>{t('deleteText', { name: service.name })}</p>}
    </Dialog>
  );
}
