import { GenericAvatar } from './icons';

/** A stylist's round avatar with a border of the stylist colour; the generic avatar when there is no photo. */
export function EmployeeAvatar({ avatar, color, size = 32 }: { avatar: string | null; color: string; size?: number }) {
  return (
    <span className="agenda-avatar" style={{ borderColor: color, width: size + 6, height: size + 6 }}>
      {avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- tenant asset URLs, no image optimisation needed
        <img src={avatar} alt="" width={size} height={size} />
      ) : (
        <GenericAvatar size={size} />
      )}
    </span>
  );
}
