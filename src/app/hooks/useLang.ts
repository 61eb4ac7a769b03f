import { useAtomValue } from 'jotai';
import type { Lang } from '../../contract/primitives.ts';
import { langAtom } from '../state/language.ts';

export const useLang = (): Lang => useAtomValue(langAtom);
