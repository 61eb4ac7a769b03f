import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { LedgerType } from '../../../contract/user.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { formatInteger } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';
import { downloadBlob } from '../../money/download.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { fetchAllEntries, ledgerCsv } from './exportLedger.ts';
import { deviceNow } from '../../../shared/clock.ts';
import { LedgerList } from './LedgerList.tsx';
import { isLedgerType, ledgerTypes } from './ledgerTypes.ts';
import { useLedgerPages, type Entry } from './useLedgerPages.ts';

export function FundFlowScreen() {
  return (
    <MemberScreen>
      <FundFlow />
    </MemberScreen>
  );
}

function FundFlow() {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useApi();
  const [type, setType] = useState<LedgerType | null>(null);
  const ledger = useLedgerPages(type);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const save = (entries: readonly Entry[]) =>
    downloadBlob(new Blob([ledgerCsv(entries, t)], { type: 'text/csv;charset=utf-8' }), `fund-flow-${type ?? 'all'}-${new Date(deviceNow()).toISOString().slice(0, 10)}.csv`);
  const exportAll = async () => {
    setExporting(true);
    setExportError(null);
    try {
      save(await fetchAllEntries(client, type));
    } catch (e) {
      setExportError((asApiFailure(e)).msg);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <section className="panel">
        <SelectField
          label={t('water.type')}
          name="type"
          value={type ?? ''}
          onValue={(v) => setType(isLedgerType(v) ? v : null)}
          placeholder={t('water.all')}
          options={ledgerTypes.map((k) => ({ value: k, label: t(`ledger.${k}`) }))}
        />
        <div className="button-row">
          <button type="button" className="button button--ghost" disabled={ledger.items.length === 0} onClick={() => save(ledger.items)}>
            {t('water.export_loaded')}
          </button>
          <button type="button" className="button button--ghost" disabled={exporting || ledger.total === 0} onClick={() => void exportAll()}>
            {exporting ? t('water.exporting') : t('water.export_all')}
          </button>
        </div>
        <FormAlert messageKey={exportError} />
      </section>
      <PullToRefresh onRefresh={ledger.refresh}>
        <section className="card" aria-label={t('screen.runningwater')}>
          {ledger.page > 0 ? <p className="muted">{t('water.count', { shown: formatInteger(ledger.items.length, lang), total: formatInteger(ledger.total, lang) })}</p> : null}
          {ledger.page > 0 && ledger.total === 0 ? <p className="muted">{t('water.empty')}</p> : null}
          <LedgerList entries={ledger.items} />
          {ledger.failure ? <LoadFailure failure={ledger.failure} onRetry={ledger.retry} /> : null}
          {ledger.pending ? <p className="muted">{t('app.loading')}</p> : null}
          {ledger.hasMore && !ledger.pending && !ledger.failure ? (
            <button type="button" className="button button--ghost button--block" onClick={ledger.loadMore}>
              {t('water.load_more')}
            </button>
          ) : null}
        </section>
      </PullToRefresh>
    </>
  );
}
