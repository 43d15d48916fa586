import type { MetadataRoute } from 'next';
import messages from '@/lib/i18n/messages/es.json';

/**
 * The web app manifest: Klok installs on a phone's home screen as a standalone app.
 * Colours from app/globals.css (`--primary`, `--bg`); icons in public/icons/ (scripts/make-icons.mjs).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Klok',
    short_name: 'Klok',
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
