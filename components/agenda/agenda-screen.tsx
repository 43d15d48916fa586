'use client';

import dynamic from 'next/dynamic';
import { Spinner } from '@/components/ui/spinner';
import type { AgendaProps } from './agenda';

/**
 * The agenda renders in the browser only: the calendar measures the page, the view mode comes from
 * localStorage and "today" is the browser's Madrid date, none of which the server can know.
 */
const Agenda = dynamic(() => import('./agenda').then((m) => m.Agenda), { ssr: false, loading: () => <Spinner /> });

export function AgendaScreen(props: AgendaProps) {
  return <Agenda {...props} />;
}
