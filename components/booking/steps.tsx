'use client';

/*
 * The wizard steps shown first (person, service) and shared pieces. The date, hour and summary steps
 * live in ./later-steps (the month calendar, the date formats): the client wizard loads them when reached.
 */

import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { nameList } from '@/components/client-home/name-list';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import type { Service } from '@/lib/validation/dto';
import { ChoiceGroup, ChoiceRadio } from './choice-group';
import { euros } from '@/lib/money';
import { STEP_TITLE_ID } from './wizard-frame';
import type { Person } from './wizard-state';

/**
 * The services added to a visit and "Añadir otro servicio" (./later-steps, loaded after the wizard's first view):
 * shown once a service is chosen, so not in the page's first-load JavaScript. `loading` gives it its own
 * Suspense boundary: without one, choosing a service before the module arrives would hold the whole step's
 * update (the choice not yet seen by Siguiente) until it does.
 */
const VisitExtras = dynamic(() => import('./later-steps').then((m) => m.VisitExtras), { loading: () => null });

/** A list a step shows: its data once loaded, the failure of its last load, and (for a fetched list) a reload. */
export type Loadable<T> = { data: T | undefined; error: unknown; isLoading: boolean; mutate?: () => unknown };

/**
 * A fetched list (an SWR answer) as a `Loadable`, its fields read now. SWR re-renders a component only for
 * the fields read during its render: reading them here, in the wizard's own render, keeps a step rendered
 * later (a lazily loaded one) from missing a failure or an answer that arrived before it first rendered.
 */
export function loadable<T>(list: { data: T | undefined; error: unknown; isLoading: boolean; mutate: () => unknown }): Loadable<T> {
  return { data: list.data, error: list.error, isLoading: list.isLoading, mutate: list.mutate };
}

/**
 * Spinner while loading; on a failure with nothing loaded, the Spanish message (the server's, or the
 * connection's when the network failed) with Reintentar, which loads the list again; else the content.
 */
export function LoadState<T>({ state, children }: { state: Loadable<T>; children: (data: T) => ReactNode }) {
  if (state.data === undefined && state.error) return <LoadError error={state.error} onRetry={() => void state.mutate?.()} />;
  if (state.data === undefined) return <Spinner />;
  return <>{children(state.data)}</>;
}

/** Picks the item of `list` whose key is `key` (a radio's value) and hands it to `onChange`. */
export function pick<T>(list: T[], keyOf: (item: T) => string, onChange: (item: T) => void) {
  return (key: string) => {
    const item = list.find((i) => keyOf(i) === key);
    if (item !== undefined) onChange(item);
  };
}

const personKey = (p: Person) => p.id;
const serviceKey = (s: Service) => String(s.id);

/**
 * Person step: the client and its sub-users without a pending appointment, as a radio group; under it, who
 * is left out (`busy`) and why, so nobody goes missing unexplained.
 */
export function PersonStep({
  people,
  busy = [],
  value,
  onChange,
}: {
  people: Person[];
  busy?: Person[];
  value?: Person;
  onChange: (p: Person) => void;
}) {
  const t = useTranslations('booking');
  return (
    <>
      <ChoiceGroup
        className="choice-list"
        labelledBy={STEP_TITLE_ID}
        value={value ? personKey(value) : null}
        onValueChange={pick(people, personKey, onChange)}
      >
        {people.map((p) => (
          <ChoiceRadio key={p.id} value={personKey(p)} name={p.name} media={<Initial name={p.name} />} />
        ))}
      </ChoiceGroup>
      {busy.length > 0 && (
        <p className="muted step-note">{t('busyPeople', { names: nameList(busy.map((p) => p.name)), count: busy.length })}</p>
      )}
    </>
  );
}

/** A service's price and duration, as the service cards show them. */
export function ServiceMeta({ service }: { service: Service }) {
  const t = useTranslations('booking');
  return (
    <span className="choice-meta">
      {euros(service.price)} · {t('minutes', { minutes: service.duration })}
    </span>
  );
}

/**
 * Service step: services some stylist offers, with price and duration, as a radio group. With `onExtraChange`
 * (beyond-the-spec section 2), a chosen service can take others for one visit (`VisitExtras`).
 */
export function ServiceStep({
  services,
  value,
  onChange,
  extra = [],
  onExtraChange,
  emptyText,
}: {
  services: Loadable<Service[]>;
  value?: Service;
  onChange: (s: Service) => void;
  extra?: Service[];
  onExtraChange?: (extra: Service[]) => void;
  emptyText?: string;
}) {
  const t = useTranslations('booking');
  // Choosing a service already added makes it the chosen one (it leaves the added list).
  const choose = (s: Service) => {
    if (onExtraChange && extra.some((e) => e.id === s.id)) onExtraChange(extra.filter((e) => e.id !== s.id));
    onChange(s);
  };
  return (
    <LoadState state={services}>
      {(list) => {
        if (list.length === 0) return <p className="empty">{emptyText ?? t('noServices')}</p>;
        return (
          <>
            <ChoiceGroup className="choice-list" labelledBy={STEP_TITLE_ID} value={value ? serviceKey(value) : null} onValueChange={pick(list, serviceKey, choose)}>
              {list.map((s) => (
                <ChoiceRadio
                  key={s.id}
                  value={serviceKey(s)}
                  name={s.name}
                  details={
                    <>
                      {s.description && <span className="choice-description">{s.description}</span>}
                      <ServiceMeta service={s} />
                    </>
                  }
                />
              ))}
            </ChoiceGroup>
            {onExtraChange && value && <VisitExtras list={list} value={value} extra={extra} onExtraChange={onExtraChange} />}
          </>
        );
      }}
    </LoadState>
  );
}

/** The summary card: label and value rows. */
export function SummaryList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="details summary">
      {rows.map(([label, value], i) => (
        <div key={`${i}:${label}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A round badge with a name's initial. */
export function Initial({ name, color }: { name: string; color?: string }) {
  return (
    <span className="avatar" style={color ? { borderColor: color } : undefined} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
