import type { ReactNode } from 'react';

/** Layout of the screens reachable without a finished account: login and onboarding. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <main className="public-main">{children}</main>;
}
