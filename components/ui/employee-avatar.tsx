import { createElement, type ReactElement } from 'react';
import { employeeColor } from '@/lib/domain/agenda';
import type { ElementFactory } from './element-factory';

export type EmployeeAvatarProps = {
  /** The photo's URL; the generic avatar without one. */
  avatar?: string | null;
  /** The stylist's colour (the fallback colour when missing or invalid, spec section 9). */
  color?: string | null;
  /** The picture's size in px; the ring adds 3 px on each side. */
  size?: number;
};


/**
 * The avatar's elements built with `h`: the photo or the generic avatar (a head and shoulders on a soft
 * disc), ringed with the stylist's colour; decorative. The agenda's column headers build it with
 * FullCalendar's factory, so it renders inside the calendar without a React portal.
 */
export function employeeAvatarElement(h: ElementFactory, { avatar, color, size = 32 }: EmployeeAvatarProps): unknown {
  const picture = avatar
    ? h('img', { src: avatar, alt: '', width: size, height: size })
    : h(
        'svg',
        { width: size, height: size, viewBox: '0 0 32 32', 'aria-hidden': 'true', focusable: 'false' },
        h('circle', { cx: '16', cy: '16', r: '16', fill: '#eceff1' }),
        h('circle', { cx: '16', cy: '12.5', r: '5.5', fill: '#b0bec5' }),
        h('path', { d: 'M5.5 27.5c1.6-5 5.6-7.5 10.5-7.5s8.9 2.5 10.5 7.5A15.9 15.9 0 0 1 16 32a15.9 15.9 0 0 1-10.5-4.5z', fill: '#b0bec5' }),
      );
  return h('span', { className: 'employee-avatar', style: { borderColor: employeeColor(color), width: size + 6, height: size + 6 } }, picture);
}

/**
 * A stylist's round avatar (agenda column headers, Configuración, employees, services): the photo or the
 * generic avatar, ringed with the stylist's colour; decorative.
 */
export function EmployeeAvatar(props: EmployeeAvatarProps) {
  return employeeAvatarElement(createElement as unknown as ElementFactory, props) as ReactElement;
}
