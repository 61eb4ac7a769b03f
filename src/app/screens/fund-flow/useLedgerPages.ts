import { useAtomValue } from '../../state/atomHooks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Res } from '../../../contract/api.ts';
import type { LedgerType } from '../../../contract/user.ts';
import { asApiFailure, type ApiFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { tokenAtom } from '../../state/session.ts';

export type Entry = Res<'user/water'>['items'][number];
export const PAGE_SIZE = 20;

interface Pages {
  readonly items: readonly Entry[];
  readonly total: number;
  /** The last page loaded; 0 before the first answer. */
  readonly page: number;
}

/** user/water page by page ("load more"); a new filter starts over and drops answers of the old one. */
export function useLedgerPages(type: LedgerType | null) {
  const client = useApi();
  const token = useAtomValue(tokenAtom);
  const [pages, setPages] = useState<Pages>({ items: [], total: 0, page: 0 });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (page: number, gen: number) => {
      setPending(true);
      setFailure(null);
      try {
        const res = await client.call('user/water', { page, size: PAGE_SIZE, ...(type ? { type } : {}) });
        if (gen !== generation.current) return;
        setPages((p) => ({ items: page === 1 ? res.data.items : [...p.items, ...res.data.items], total: res.data.total, page }));
      } catch (e) {
        if (gen === generation.current) setFailure(asApiFailure(e));
      } finally {
        if (gen === generation.current) setPending(false);
      }
    },
    [client, type],
  );

  useEffect(() => {
    generation.current += 1;
    setPages({ items: [], total: 0, page: 0 });
    if (token) void load(1, generation.current);
  }, [load, token]);

  return {
    ...pages,
    pending,
    failure,
    hasMore: pages.page > 0 && pages.items.length < pages.total,
    loadMore: () => void load(pages.page + 1, generation.current),
    retry: () => void load(pages.page + 1, generation.current),
    /** Pull to refresh: the first page again, replacing what is shown (never appended twice). */
    refresh: (): Promise<void> => {
      generation.current += 1;
      return load(1, generation.current);
    },
  };
}
