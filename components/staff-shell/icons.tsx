/** Line icons of the staff menu (24×24, `currentColor`), in the style of components/ui/icons. */
type IconProps = { size?: number };

const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

/** Two people (Empleados). */
export function TeamIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)}>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3.5 19.5c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.6c2.3.1 4 1.7 4.5 4.4" />
    </svg>
  );
}

/** Scissors (Servicios). */
export function ScissorsIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)}>
      <circle cx="6" cy="6.5" r="2.5" />
      <circle cx="6" cy="17.5" r="2.5" />
      <path d="M8.2 7.8L20 17M8.2 16.2L20 7" />
    </svg>
  );
}

/** A person in a card (Clientes). */
export function ClientsIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
      <circle cx="9.5" cy="10.5" r="2.2" />
      <path d="M6 16.5c.5-1.8 1.8-2.8 3.5-2.8s3 1 3.5 2.8M15 9.5h3M15 13h3" />
    </svg>
  );
}

/** A bell (Actividad). */
export function ActivityIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}
