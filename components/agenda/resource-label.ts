import type { ElementFactory } from '@/components/ui/element-factory';
import { employeeAvatarElement } from '@/components/ui/employee-avatar';
import type { AgendaResource } from '@/lib/domain/agenda';

/**
 * A stylist's column header in the agenda (spec section 2): a button with the colour-ringed avatar and the
 * name, titled `title` (Ver perfil de …), that calls `onOpen` (the stylist's page). Built with `h`:
 * FullCalendar's factory in the calendar (agenda-calendar.tsx), React's in the first view
 * (agenda-facade.tsx), so both draw the same header.
 */
export function resourceLabelElement(
  h: ElementFactory,
  { name, color, avatar }: AgendaResource['extendedProps'],
  title: string,
  onOpen: () => void,
): unknown {
  return h(
    'button',
    { type: 'button', className: 'agenda-resource', title, onClick: onOpen },
    employeeAvatarElement(h, { avatar, color, size: 28 }),
    h('span', { className: 'agenda-resource-name' }, name),
  );
}
