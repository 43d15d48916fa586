'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Tabs } from '@/components/ui/tabs';
import { Button } from '@/components/ui/button';
import { DownloadIcon, EditIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { toastError } from '@/components/ui/toast';
import { exportClient } from '@/lib/api-client/clients';
import { useSession } from '@/lib/api-client/hooks';
import type { UserDetail } from '@/lib/validation/dto';
import { DeleteClientDialog } from './delete-client-dialog';
import { ClientHistory } from './client-history';
import { ReliabilityCard } from './reliability-card';
import { WhatsAppConsent } from './whatsapp-consent';
import { CLIENTS_HREF, clientHref } from './paths';
import { WithClient } from './with-client';
import { WhatsAppButton } from '@/components/whatsapp/whatsapp-button';
import { clickToChatUrl } from '@/lib/domain/whatsapp';

const TAB_KEYS = ['history', 'information'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const isTab = (v: string | null): v is TabKey => TAB_KEYS.includes(v as TabKey);

/**
 * A client (`/clients/{email}`, spec section 2): page header with the back arrow (to the agenda
 * or the list the user came from) and the name, and the tabs Historial (sub-tabs Pendientes, Antiguas and
 * Canceladas with counts) and Información (name, e-mail, phone with its WhatsApp state and the button that
 * turns WhatsApp messages off or on, Citas permitidas, assigned users, the
 * "Fiabilidad" card, with Editar información and Editar usuarios — not for the guest). The tab lives in `?tab=` so coming back
 * from an editor shows the same tab. Admins also get Exportar datos and Eliminar cliente (decisions
 * "Admin-only actions"; hidden for employees, while the session loads and for the guest).
 */
export function ClientDetailScreen({ email }: { email: string }) {
  return <WithClient email={email}>{(client) => <Detail client={client} />}</WithClient>;
}

function Detail({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const params = useSearchParams();
  const fromUrl = params.get('tab');
  const [tab, setTab] = useState<TabKey>(isTab(fromUrl) ? fromUrl : 'history');

  const select = (key: TabKey) => {
    setTab(key);
    // Kept in the address without a navigation (Next keeps useSearchParams in sync with replaceState).
    const url = new URL(window.location.href);
    if (key === 'history') url.searchParams.delete('tab');
    else url.searchParams.set('tab', key);
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <>
      <PageHeader
        fallbackHref={CLIENTS_HREF}
        title={client.is_guest ? t('guest') : client.name || client.email}
        description={client.is_guest || !client.name || client.name === client.email ? undefined : client.email}
      />
      <Tabs
        label={t('tabsLabel')}
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'history', label: t('tabs.history'), panel: <ClientHistory client={client} /> },
          { key: 'information', label: t('tabs.information'), panel: <InformationTab client={client} /> },
        ]}
      />
      {!client.is_guest && <AdminSection client={client} />}
    </>
  );
}

/**
 * The client's "WhatsApp" (beyond-the-spec section 5, click to chat): with a pending appointment, the salon's
 * message about the next one (as in Información cita); otherwise a chat with the client's phone.
 */
function ClientWhatsApp({ client }: { client: UserDetail }) {
  const t = useTranslations('whatsapp');
  const next = [...client.pending_appointments].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))[0];
  const chat = clickToChatUrl(client.tlf);
  if (next) return <WhatsAppButton appointmentId={next.id} block={false} />;
  if (!chat) return null;
  return (
    <a href={chat} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-compact">
      {t('open')}
    </a>
  );
}

function InformationTab({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const tc = useTranslations('common');
  return (
    <section className="panel-section" aria-labelledby="client-info">
      <h2 id="client-info" className="sr-only">
        {t('tabs.information')}
      </h2>
      {client.is_guest && <p className="note">{t('guestNote')}</p>}
      <dl className="card details info-list">
        <div>
          <dt>{t('name')}</dt>
          <dd>{client.is_guest ? t('guest') : client.name || tc('notAvailable')}</dd>
        </div>
        {!client.is_guest && (
          <>
            <div>
              <dt>{t('email')}</dt>
              <dd>{client.email}</dd>
            </div>
            <div>
              <dt>{t('phone')}</dt>
              <dd>
                {client.tlf || tc('notAvailable')}
                {client.tlf && <ClientWhatsApp client={client} />}
                {client.tlf && client.whatsapp && <WhatsAppConsent email={client.email} consent={client.whatsapp} />}
              </dd>
            </div>
            <div>
              <dt>{t('allowance')}</dt>
              <dd>{client.n_appointments_allowed}</dd>
            </div>
            <div>
              <dt id="client-users">{t('users')}</dt>
              <dd>
                {client.users.length === 0 ? (
                  <span className="muted">{t('noUsers')}</span>
                ) : (
                  <ul className="chips client-users" aria-labelledby="client-users">
                    {client.users.map((u) => (
                      <li key={u.id} className="chip">
                        {u.name}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </>
        )}
      </dl>
      {client.reliability && <ReliabilityCard email={client.email} version={client.version} reliability={client.reliability} />}
      {!client.is_guest && (
        <div className="client-actions">
          <Link href={clientHref(client.email, 'information')} className="btn btn-secondary btn-block">
            <EditIcon />
            {t('editInformation')}
          </Link>
          <Link href={clientHref(client.email, 'users')} className="btn btn-secondary btn-block">
            <EditIcon />
            {t('editUsers')}
          </Link>
        </div>
      )}
    </section>
  );
}

/** Exportar datos and Eliminar cliente: admins only (the server refuses everyone else). */
function AdminSection({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const { data: session } = useSession();
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (session?.role !== 'admin') return null;

  const download = async () => {
    setExporting(true);
    try {
      // The document and file name the endpoint serves as its attachment (cliente-<e-mail>.json).
      saveJson(await exportClient(client.email), `${t('exportFileName')}-${client.email}.json`);
    } catch (err) {
      toastError(t('exportError'), err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="client-admin" aria-labelledby="client-admin-title">
      <h2 id="client-admin-title">{t('privacyTitle')}</h2>
      <p className="muted">{t('privacyText')}</p>
      <Button variant="secondary" block busy={exporting} onClick={() => void download()}>
        <DownloadIcon />
        {t('export')}
      </Button>
      <Button variant="danger" block onClick={() => setDeleting(true)}>
        <TrashIcon />
        {t('delete')}
      </Button>
      <DeleteClientDialog client={client} open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

/** Saves a value as a pretty-printed JSON file through a temporary link. */
function saveJson(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
