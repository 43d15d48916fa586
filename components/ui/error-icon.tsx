/** The error glyph of error states (a circled exclamation mark), decorative. */
export function ErrorIcon({ size = 56 }: { size?: number }) {
  return (
    <svg className="message-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
