/**
 * Work of this page that goes through the service worker and must end before the page reloads into a new version.
 * Chromium sends a dedicated worker's requests through the service worker's fetch event (the static route to the
 * network covers only the page's own), and while one is in the old worker's hands the new version the member chose
 * cannot take over. Registered here by what starts such work, ended by the update prompt's "Reload".
 */
const enders = new Set<() => void>();

/** `end` runs once, when the member taps "Reload" on the update prompt. */
export function endBeforeUpdate(end: () => void): void {
  enders.add(end);
}

export function endAllBeforeUpdate(): void {
  for (const end of enders) end();
  enders.clear();
}
