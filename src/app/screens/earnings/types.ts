import type { Res } from '../../../contract/api.ts';

export type Holding = Res<'wealth/orders'>['items'][number];
