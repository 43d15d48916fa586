'use client';

import { Agenda, type AgendaProps } from './agenda';

/**
 * The staff agenda screen: the toolbar, the floating button and the dialogs render with the page (the
 * date label is its first contentful view); the FullCalendar grid loads in the browser only (see
 * agenda.tsx), since it measures the page.
 */
export function AgendaScreen(props: AgendaProps) {
  return <Agenda {...props} />;
}
