import { getRequestConfig } from 'next-intl/server';
import { ZONE } from '@/lib/domain/time';
import messages from './messages/es.json';

/** next-intl request configuration: Klok speaks Spanish only, in Europe/Madrid. */
export default getRequestConfig(async () => ({
  locale: 'es',
  timeZone: ZONE,
  messages,
}));
