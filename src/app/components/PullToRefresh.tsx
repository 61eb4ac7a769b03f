import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import './pullToRefresh.css';

/** How far (px) a finger must pull down from the top of the page before letting go refreshes. */
export const PULL_THRESHOLD = 64;
/** The indicator follows the finger at this fraction of the pull, and no further than the threshold. */
const DRAG = 0.5;

type Phase = 'idle' | 'pulling' | 'armed' | 'refreshing';

type Props = {
  /** Asks for the list again (the worker or the shared source); it replaces rows, never appends them. */
  readonly onRefresh: () => unknown;
  readonly children: ReactNode;
};

/**
 * Pull down at the top of a list to refresh it, with a visible indicator; a Refresh button does the same for
 * anyone who cannot or does not swipe (keyboard, screen reader, mouse).
 */
export function PullToRefresh({ onRefresh, children }: Props) {
  const { t } = useTranslation();
  const [phase, setPhaseState] = useState<Phase>('idle');
  const [pull, setPull] = useState(0);
  const start = useRef<number | null>(null);
  // Touch events come faster than renders: the handlers read the phase from here, never a stale closure.
  const current = useRef<Phase>('idle');
  const setPhase = (next: Phase): void => {
    current.current = next;
    setPhaseState(next);
  };

  const refresh = async (): Promise<void> => {
    if (current.current === 'refreshing') return;
    setPhase('refreshing');
    try {
      await onRefresh();
    } finally {
      setPhase('idle');
      setPull(0);
    }
  };
  const onTouchStart = (e: TouchEvent): void => {
    // Only a pull that starts with the page at its top, so scrolling back up never refreshes by accident.
    start.current = window.scrollY <= 0 && current.current !== 'refreshing' ? (e.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (e: TouchEvent): void => {
    if (start.current === null || current.current === 'refreshing') return;
    const dy = (e.touches[0]?.clientY ?? start.current) - start.current;
    if (dy <= 0) {
      setPull(0);
      setPhase('idle');
      return;
    }
    setPull(Math.min(dy * DRAG, PULL_THRESHOLD));
    setPhase(dy * DRAG >= PULL_THRESHOLD ? 'armed' : 'pulling');
  };
  const onTouchEnd = (): void => {
    start.current = null;
    if (current.current === 'armed') void refresh();
    else if (current.current !== 'refreshing') {
      setPhase('idle');
      setPull(0);
    }
  };

  const label = phase === 'refreshing' ? t('pullRefresh.refreshing') : phase === 'armed' ? t('pullRefresh.release') : t('pullRefresh.pull');
  return (
    <div className="pull-refresh" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className="pull-refresh__bar">
        <span className="pull-refresh__indicator" aria-live="polite" style={{ height: phase === 'idle' ? 0 : Math.max(pull, 24) }}>
          {phase === 'idle' ? null : label}
        </span>
        <button type="button" className="button button--ghost pull-refresh__button" onClick={() => void refresh()} disabled={phase === 'refreshing'}>
          {t('pullRefresh.button')}
        </button>
      </div>
      {children}
    </div>
  );
}
