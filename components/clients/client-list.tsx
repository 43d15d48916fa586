'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { ChevronRightIcon, PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useClients } from '@/lib/api-client/clients';
import type { ClientListItem } from '@/lib/validation/dto';
import { AddClientDialog } from './add-client-dialog';
import { shortDateOf } from '@/lib/format';
import { listItemOf, withInvited } from './client-draft';
import { ReliabilityBadge } from './reliability-badge';
import { clientHref } from './paths';
import { useDebouncedValue } from './use-debounced-value';
import './clients.css';

/**
 * Clientes (`/clients`, spec section 2): the count badge, a search box (name or e-mail, asked to
 * the server 300 ms after typing stops: case- and accent-insensitive there), a card per client with name,
 * e-mail, reliability tier, last visit (dd/MM/yyyy) and number of visits — the guest's card reads Citas sin usuario
 * asignado —, Cargar más for the next page, and Añadir cliente (a modal asking for the e-mail). A client
 * invited here shows at the top of the list at once. A card opens the client.
 */
export function ClientListScreen() {
  const t = useTranslations('clients');
  const searchId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, 300);
  const list = useClients(search);
  const [adding, setAdding] = useState(false);
  const [invited, setInvited] = useState<ClientListItem[]>([]);

  const shown = list.clients ? withInvited(list.clients, invited, search) : undefined;
  // The server's count (revalidated after an invitation, so it counts the new client already).
  // The server's count leaves the guest out (it groups walk-ins, not a client); a search that finds a
  // walk-in by name announces its card too.
  const total = list.total;
  const found = total === undefined || !shown ? shown?.length : total + shown.filter((c) => c.is_guest).length;
  const searching = search.trim() !== '';

  return (
    <div className="screen">
      <PageHeader
        title={
          <>
            {t('title')}
            {total !== undefined && (
              <>
                {' '}
                <span className="badge client-count">
                  <span aria-hidden="true">{total}</span>
                  <span className="sr-only">{t('count', { count: total })}</span>
                </span>
              </>
            )}
          </>
        }
        action={
          <Button onClick={() => setAdding(true)} className="btn-compact">
            <PlusIcon />
            {t('add')}
          </Button>
        }
      />
      <AddClientDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(user) => setInvited((list) => [listItemOf(user), ...list.filter((c) => c.email !== user.email)])}
      />

      <div className="field client-search" role="search">
        <label htmlFor={searchId} className="sr-only">
          {t('search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          value={query}
          aria-describedby={statusId}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {/* Announces how many clients the search found, once the answer is in. */}
      <p id={statusId} className="sr-only" aria-live="polite">
        {searching && shown && !list.stale ? t('results', { count: found ?? shown.length }) : ''}
      </p>

      {list.error && !shown ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : !shown ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <p className="empty">{searching ? t('noResults', { search: search.trim() }) : t('empty')}</p>
      ) : (
        <>
          <ul className="client-list" aria-label={t('listLabel')} aria-busy={list.stale || undefined}>
            {shown.map((c) => (
              <li key={c.email}>
                <ClientCard client={c} />
              </li>
            ))}
          </ul>
          {list.error ? (
            <LoadError error={list.error} onRetry={list.retry} />
          ) : (
            list.hasMore && (
              <Button variant="secondary" block busy={list.loadingMore} onClick={list.loadMore}>
                {t('loadMore')}
              </Button>
            )
          )}
        </>
      )}
    </div>
  );
}

/** A client's card: the whole card links to the detail. */
function ClientCard({ client: c }: { client: ClientListItem }) {
  const t = useTranslations('clients');
  return (
    <Link href={clientHref(c.email)} className={c.is_guest ? 'list-card client-card is-guest' : 'list-card client-card'}>
      <span className="list-card-body">
        <span className="client-card-name">{c.is_guest ? t('guest') : c.name || c.email}</span>
        {!c.is_guest && c.name && c.name !== c.email && <span className="client-card-email">{c.email}</span>}
        <span className="client-card-meta">
          {c.reliability_tier && <ReliabilityBadge tier={c.reliability_tier} />}
          <span className="client-card-visits">{t('visits', { count: c.visits })}</span>
          {c.last_visit && (
            <>
              <span aria-hidden="true"> · </span>
              <span>{t('lastVisit', { date: shortDateOf(c.last_visit) })}</span>
            </>
          )}
        </span>
      </span>
      <span className="list-card-chevron" aria-hidden="true">
        <ChevronRightIcon />
      </span>
    </Link>
  );
}
