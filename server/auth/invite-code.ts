import { randomInt } from 'node:crypto';

/** No 0/O, 1/I: a member reads the code aloud or copies it by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new member's invite code (registration), or one the operator issues. */
export const newInviteCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
