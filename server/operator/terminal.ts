/**
 * Text for the operator's terminal: members' words reach it (names, messages, reasons), and an escape
 * sequence or a control character in them could rewrite the screen, hide a line or fake one. Everything but
 * line feeds and tabs that is a control character (C0, DEL, C1, with ESC) or a bidirectional override is shown
 * as a visible \uXXXX escape instead.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const forTerminal = (text: string): string => text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A member's or visitor's text as data (JSON.stringify): quotes, newlines and control characters cannot fake output lines. */
export const quoted = (s: string): string => JSON.stringify(s);
