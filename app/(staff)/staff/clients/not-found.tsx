import { ClientNotFound } from '@/components/clients/with-client';

/** An unknown client (spec sections 2 and 8, "Not-found"): Error. No se ha encontrado al cliente, HTTP 404. */
export default function ClientNotFoundPage() {
  return <ClientNotFound />;
}
