import { getTranslations } from 'next-intl/server';
import { TenantNotFound } from '@/components/login/tenant-not-found';
import { ClientShell } from '@/components/shell/client-shell';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { StaffShell } from '@/components/staff-shell/staff-shell';
import { NotFoundMessage } from '@/components/ui/not-found-message';
import { getSession, isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { getFacility } from '@/lib/server/repositories/facility';

/**
 * The page shown (HTTP 404) for an address no route serves: Error. No se ha encontrado la página inside
 * the shell of the signed-in role (header and Menú), on its own for visitors, and No se ha encontrado el
 * negocio when the host names no known business. Pages of a route set that call `notFound()` get their
 * own screens (app/(staff)/staff/…/not-found.tsx, app/(client)/client/not-found.tsx).
 */
export default async function NotFound() {
  const t = await getTranslations();
  const { tenant, user } = await getSession();
  if (!tenant) {
    return (
      <main className="page-center">
        <TenantNotFound />
      </main>
    );
  }
  if (user && isStaff(user.role)) {
    const facility = await getFacility(await getDb(), tenant, 1);
    return (
      <>
        <InitiatorRole role={user.role} />
        <StaffShell title={facility?.name ?? tenant.name}>
          <NotFoundMessage title={t('notFound.pageTitle')} backHref="/" backLabel={t('notFound.backToAgenda')} />
        </StaffShell>
      </>
    );
  }
  if (user) {
    return (
      <>
        <InitiatorRole role={user.role} />
        <ClientShell>
          <NotFoundMessage title={t('notFound.pageTitle')} backHref="/" backLabel={t('notFound.backToHome')} />
        </ClientShell>
      </>
    );
  }
  return (
    <main className="page-center">
      <NotFoundMessage title={t('notFound.pageTitle')} backHref="/" backLabel={t('common.back')} />
    </main>
  );
}
