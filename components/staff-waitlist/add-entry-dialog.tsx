'use client';

import { useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ClientSummary } from '@/components/booking/client-search';
import { ClientSearchList } from '@/components/booking/client-search-list';
import { useClientList } from '@/components/booking/staff-steps';
import { Button } from '@/components/ui/button';
import { CheckList } from '@/components/ui/check-list';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/components/ui/toast';
import { WaitlistForm } from '@/components/waitlist/waitlist-form';
import { useServices, useUser } from '@/lib/api-client/hooks';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { refreshSalonWaitlist } from '@/lib/api-client/staff-waitlist';
import { VISIT_MAX_SERVICES } from '@/lib/domain/visit';
import { stylistsForAll } from './entry-view';

/**
 * "Añadir a la lista" of the staff waitlist (beyond-the-spec section 4: staff add entries for a client): a
 * bottom sheet where staff find the client with the staff wizard's client search, tick the visit's services
 * (1 to VISIT_MAX_SERVICES) and pick the stylist ("Cualquier estilista", or one offering all of them); then
 * the client screens' waitlist form asks the dates, the part of the day and for whom. The list is fetched
 * again once the server took the entry.
 */
export function AddEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('staffWaitlist');
  return (
    <Dialog open={open} onClose={onClose} title={t('addTitle')} variant="bottom">
      <AddEntry onClose={onClose} />
    </Dialog>
  );
}

type Choice = { client: ClientSummary; services: number[]; stylist: string };

/** The sheet's content (mounted while open): the choice, then the form. */
function AddEntry({ onClose }: { onClose: () => void }) {
  const t = useTranslations('staffWaitlist');
  const [choice, setChoice] = useState<Choice>({ client: { email: '', name: '' }, services: [], stylist: 'any' });
  const [stage, setStage] = useState<'choose' | 'form'>('choose');
  const services = useServices({ associated: true }, { revalidateOnFocus: false });
  const employees = useStaffEmployees({ revalidateOnFocus: false });
  const account = useUser(stage === 'form' ? choice.client.email : null);

  if (stage === 'form') {
    if (account.error) return <LoadError error={account.error} onRetry={() => void account.mutate()} />;
    if (!account.data) return <Spinner />;
    const user = account.data;
    const chosen = (services.data ?? []).filter((s) => choice.services.includes(s.id));
    const stylist = choice.stylist === 'any' ? { email: 'any', name: t('anyStylist') } : (employees.data ?? []).find((e) => e.email === choice.stylist);
    return (
      <WaitlistForm
        email={user.email}
        services={chosen.map((s) => ({ id: s.id, name: s.name }))}
        stylist={{ email: stylist?.email ?? 'any', name: stylist?.name ?? t('anyStylist') }}
        people={[{ id: user.id, name: user.name }, ...user.users.map((u) => ({ id: u.id, name: u.name }))]}
        onJoined={(entry) => {
          toastSuccess(t('added', { name: entry.user_name }));
          void refreshSalonWaitlist();
          onClose();
        }}
        onCancel={() => setStage('choose')}
      />
    );
  }

  if (services.error || employees.error) return <LoadError error={services.error ?? employees.error} onRetry={() => void Promise.all([services.mutate(), employees.mutate()])} />;
  if (!services.data || !employees.data) return <Spinner />;
  return (
    <ChooseVisit
      choice={choice}
      services={services.data}
      employees={employees.data}
      onChange={setChoice}
      onNext={() => setStage('form')}
    />
  );
}

/** The client, the services and the stylist of the new entry, then Siguiente. */
function ChooseVisit({
  choice,
  services,
  employees,
  onChange,
  onNext,
}: {
  choice: Choice;
  services: { id: number; name: string }[];
  employees: { email: string; name: string; services: { id: number }[] }[];
  onChange: (c: Choice) => void;
  onNext: () => void;
}) {
  const t = useTranslations('staffWaitlist');
  const ids = { search: useId(), services: useId(), stylist: useId() };
  const clients = useClientList();
  const stylists = useMemo(() => stylistsForAll(employees, choice.services), [employees, choice.services]);
  const ready = choice.client.email !== '' && choice.services.length > 0;

  return (
    <div className="waitlist-add">
      <div className="field">
        <label htmlFor={ids.search}>{t('client')}</label>
        {choice.client.email && (
          <p className="waitlist-add-client">
            {choice.client.name} · {choice.client.email}
          </p>
        )}
        <ClientSearchList
          inputId={ids.search}
          clients={clients.data ?? null}
          selected={choice.client.email}
          onPick={(c) => onChange({ ...choice, client: { email: c.email, name: c.name } })}
          labels={{ placeholder: t('searchPlaceholder'), results: t('results'), noMatches: t('noMatches') }}
        />
      </div>
      <fieldset className="fieldset">
        <legend id={ids.services}>{t('services')}</legend>
        <CheckList
          items={services.map((s) => ({ key: s.id, name: s.name }))}
          checked={(id) => choice.services.includes(id)}
          onToggle={(id, on) => {
            const next = on ? [...choice.services, id].slice(0, VISIT_MAX_SERVICES) : choice.services.filter((s) => s !== id);
            const keep = stylistsForAll(employees, next).some((e) => e.email === choice.stylist);
            onChange({ ...choice, services: next, stylist: keep ? choice.stylist : 'any' });
          }}
        />
      </fieldset>
      <div className="field">
        <label htmlFor={ids.stylist}>{t('stylist')}</label>
        <select id={ids.stylist} className="input select" value={choice.stylist} onChange={(e) => onChange({ ...choice, stylist: e.target.value })}>
          <option value="any">{t('anyStylist')}</option>
          {stylists.map((e) => (
            <option key={e.email} value={e.email}>
              {e.name}
            </option>
          ))}
        </select>
      </div>
      <Button block disabled={!ready} onClick={onNext}>
        {t('next')}
      </Button>
    </div>
  );
}
