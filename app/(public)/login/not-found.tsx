import { TenantNotFound } from '@/components/login/tenant-not-found';

/** The login of a host that names no known business: No se ha encontrado el negocio, HTTP 404. */
export default function LoginNotFound() {
  return <TenantNotFound />;
}
