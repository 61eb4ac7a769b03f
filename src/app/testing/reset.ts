import { beforeEach } from 'vitest';

/** Each test starts signed out, in English, with the default title. */
export function resetBrowserState(): void {
  beforeEach(() => {
    localStorage.clear();
    document.title = 'Candlewick';
  });
}
