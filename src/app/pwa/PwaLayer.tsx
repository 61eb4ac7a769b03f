import { useEffect } from 'react';
import './pwa.css';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** Links the web app manifest (the browser then fetches it and its icons: after the first screen, not during it). */
export function linkManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  doc.head.append(link);
}

/**
 * The installable app's own UI: the manifest and the "new version" prompt. Loaded once the first screen has loaded
 * and settled (the offline banner is in the app root, so it shows however early the network goes).
 */
export function PwaLayer() {
  useEffect(() => linkManifest(), []);
  return <UpdatePrompt />;
}
