import { TOKEN_KEY } from '../storage/local.ts';
import { atomWithLocalStorage } from './atomWithLocalStorage.ts';

/** The signed-in session: the raw token (as the Authorization header carries it), null when signed out. */
export const tokenAtom = atomWithLocalStorage<string | null>(TOKEN_KEY, (raw) => raw || null, (token) => token);
