import { useSetAtom } from 'jotai';
import type { Req } from '../../../contract/api.ts';
import type { LimitsView } from '../../../contract/limits.ts';
import { useApi } from '../../api/apiContext.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { noteLimitsChangedAtom } from '../../state/realityCheck.ts';

/**
 * Sends a change of the member's limits and hands the answer (the limits as they now stand) to `onSaved`. A device
 * zone the server does not know is no reason to refuse a limit: the change goes again without it.
 */
export function useLimitsSave(onSaved: (view: LimitsView) => void) {
  const client = useApi();
  const limitsChanged = useSetAtom(noteLimitsChangedAtom);
  return async (body: Req<'user/limits_set'>): Promise<void> => {
    const send = (b: Req<'user/limits_set'>) => client.call('user/limits_set', b).then((r) => r.data);
    const view = await send(body).catch((e: unknown) => {
      if (body.timeZone === undefined || !asApiFailure(e).fields['timeZone']) throw e;
      const rest = { ...body };
      delete rest.timeZone;
      return send(rest);
    });
    onSaved(view);
    limitsChanged();
  };
}
