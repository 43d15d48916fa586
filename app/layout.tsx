import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { NavigationProgress } from '@/components/ui/navigation-progress';
import { Toaster } from '@/components/ui/toaster';
import { ZONE } from '@/lib/domain/time';
import { currentBrand } from '@/lib/server/services/salon-brand';
import './globals.css';

/** The salon's logo as the tab icon and its name as the installed app's title (Klok for an unknown host). */
export async function generateMetadata(): Promise<Metadata> {
  // The database may be down: the page then shows its own error, and the metadata falls back to Klok's.
  const brand = await currentBrand().catch(() => null);
  return {
    title: 'Klok',
    icons: { icon: brand?.logo ?? '/icons/icon-192.png', apple: '/icons/apple-touch-icon.png' },
    appleWebApp: { capable: true, title: brand?.name ?? 'Klok', statusBarStyle: 'default' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#7a3e65',
};

/**
 * The root layout: Spanish document, next-intl messages in Europe/Madrid, the navigation progress bar and
 * the toast area.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return (
    <html lang="es">
      <body>
        <NextIntlClientProvider locale="es" messages={messages} timeZone={ZONE}>
          <NavigationProgress />
          {children}
          {/*
            Toasts appear at the bottom, never over the header, the page's title and back arrow or the agenda's
            date bar; above a wizard's or form's bottom action bar (--toast-bottom in globals.css).
          */}
          <Toaster
            position="bottom-center"
            duration={5000}
            richColors
            closeButton={false}
            offset={{ bottom: 'var(--toast-bottom)' }}
            mobileOffset={{ bottom: 'var(--toast-bottom)' }}
          />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
