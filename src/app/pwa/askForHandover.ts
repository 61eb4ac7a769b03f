import { HANDOVER_PATH } from '../../contract/handover.ts';

let frame: HTMLIFrameElement | null = null;
let asked = 0;

/**
 * Starts a navigation in a hidden frame, to a path the server answers with 204 (no document, nothing loads):
 * Chromium looks at a waiting service worker again when a navigation in its scope starts. Telling the waiting worker
 * to skip waiting a second time does nothing (Chromium acts on the first request only), and in the e2e journeys an
 * old worker that could hand over after that first look was not looked at again: the handover began only with the
 * page's own reload, and that navigation sometimes never ended.
 */
export function askForHandover(doc: Document = document): void {
  if (!frame?.isConnected) {
    frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    doc.body.append(frame);
  }
  asked += 1;
  // A new URL each time, so each is a navigation of its own.
  frame.src = `${HANDOVER_PATH}?n=${asked}`;
}
