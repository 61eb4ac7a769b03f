import type { Res } from '../../../contract/api.ts';

export type EarnProduct = Res<'wealth/getList'>['items'][number];
