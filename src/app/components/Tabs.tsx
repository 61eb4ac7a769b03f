import { memo } from 'react';

interface Props<T extends string> {
  readonly name: string;
  readonly label: string;
  readonly tabs: readonly T[];
  readonly chosen: T;
  readonly onChoose: (tab: T) => void;
  readonly labelOf: (tab: T) => string;
}

/**
 * A row of tabs over one panel (`{name}-tab-{tab}` controls `{name}-panel`). Screens show the chosen tab's panel
 * as a deferred render, so the tab answers the tap at once and a long list follows (INP on a slow phone).
 */
function TabRow<T extends string>({ name, label, tabs, chosen, onChoose, labelOf }: Props<T>) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${name}-tab-${tab}`}
          aria-selected={tab === chosen}
          aria-controls={`${name}-panel`}
          className="segmented__item"
          onClick={() => onChoose(tab)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}

/** Memoised: a live screen renders on every tick, its tabs only when one of theirs changes (stable callbacks). */
// memo's own type drops the row's type parameter; the props are the same.
export const Tabs = memo(TabRow) as typeof TabRow;

/** The panel's attributes: labelled by the tab it shows, busy while the chosen one is still on its way. */
export const tabPanel = <T extends string>(name: string, shown: T, chosen: T) =>
  ({ id: `${name}-panel`, role: 'tabpanel', 'aria-labelledby': `${name}-tab-${shown}`, 'aria-busy': shown !== chosen }) as const;
