import type { MetadataRoute } from 'next';
import messages from '@/lib/i18n/messages/es.json';
import { currentBrand } from '@/lib/server/services/salon-brand';

/**
 * The web app manifest: the salon's Klok installs on a phone's home screen as a standalone app named after
 * the salon (Klok for a host that names no salon).
 * Colours from app/globals.css (`--primary`, `--bg`); icons in public/icons/ (scripts/make-icons.mjs).
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const name = (await currentBrand().catch(() => null))?.name ?? 'Klok';
  return {
    name,
    short_name: name,
    description: messages.login.tagline,
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#7a3e65',
    background_color: '#faf7f6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
