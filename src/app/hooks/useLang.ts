import { useAtomValue } from '../state/atomHooks.ts';
import type { Lang } from '../../contract/primitives.ts';
import { langAtom } from '../state/language.ts';

export const useLang = (): Lang => useAtomValue(langAtom);
