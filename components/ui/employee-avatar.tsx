import { employeeColor } from '@/lib/domain/agenda';

export type EmployeeAvatarProps = {
  /** The photo's URL; the generic avatar without one. */
  avatar?: string | null;
  /** The stylist's colour (the fallback colour when missing or invalid, spec section 9). */
  color?: string | null;
  /** The picture's size in px; the ring adds 3 px on each side. */
  size?: number;
};

/**
 * A stylist's round avatar (agenda column headers, Configuración, employees, services): the photo or the
 * generic avatar, ringed with the stylist's colour; decorative.
 */
export function EmployeeAvatar({ avatar, color, size = 32 }: EmployeeAvatarProps) {
  return (
    <span className="employee-avatar" style={{ borderColor: employeeColor(color), width: size + 6, height: size + 6 }}>
      {avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- tenant asset URLs, no image optimisation needed
        <img src={avatar} alt="" width={size} height={size} />
      ) : (
        <GenericAvatar size={size} />
      )}
    </span>
  );
}

/** The generic avatar of a stylist without a photo: a head and shoulders on a soft disc. */
function GenericAvatar({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#eceff1" />
      <circle cx="16" cy="12.5" r="5.5" fill="#b0bec5" />
      <path d="M5.5 27.5c1.6-5 5.6-7.5 10.5-7.5s8.9 2.5 10.5 7.5A15.9 15.9 0 0 1 16 32a15.9 15.9 0 0 1-10.5-4.5z" fill="#b0bec5" />
    </svg>
  );
}
