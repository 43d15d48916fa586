import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { NavigationProgress } from '@/components/ui/navigation-progress';
import { Toaster } from '@/components/ui/toaster';
import { ZONE } from '@/lib/domain/time';
import './globals.css';

export const metadata: Metadata = {
  title: 'Klok',
  icons: { icon: '/tenants/klok/logo.svg', apple: '/icons/apple-touch-icon.png' },
  appleWebApp: { capable: true, title: 'Klok', statusBarStyle: 'default' },
};

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
