import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { Toaster } from 'sonner';
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

/** The root layout: Spanish document, next-intl messages in Europe/Madrid, and the toast area. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return (
    <html lang="es">
      <body>
        <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
          {children}
          {/* Toasts appear just below the header, never over its title or menu button. */}
          <Toaster
            position="top-center"
            duration={5000}
            richColors
            closeButton={false}
            offset={{ top: 'calc(var(--header-h) + 8px)' }}
            mobileOffset={{ top: 'calc(var(--header-h) + 8px)' }}
          />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
