/** Fallback colour of a stylist without one (spec section 9). */
export const FALLBACK_COLOR = '#cccccc';

/** A stylist's photo, or the initial, ringed with the stylist's colour; decorative. */
export function StylistAvatar({ name, color, avatar, size = 36 }: { name: string; color?: string | null; avatar?: string | null; size?: number }) {
  const style = { borderColor: color || FALLBACK_COLOR, width: size, height: size };
  if (avatar) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- avatars may live on a CDN
      <img className="avatar svc-avatar" src={avatar} alt="" width={size} height={size} style={style} />
    );
  }
  return (
    <span className="avatar svc-avatar" style={style} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
