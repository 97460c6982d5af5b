import { useRef, type KeyboardEvent } from 'react';
import { Badge } from '../../components/ui/badge';

export interface WeekTab {
  week: string;
  label: string;
  /** Product rule R7.17: an open week takes orders; a closed one is only browsed. */
  open: boolean;
}

export const tabId = (week: string) => `week-tab-${week}`;
export const panelId = (week: string) => `week-panel-${week}`;

/**
 * The weeks as WAI-ARIA tabs (automatic activation): arrow keys move between weeks, Home and End
 * go to the first and last; only the selected tab is in the tab order.
 */
export function WeekTabs({
  weeks,
  selected,
  onSelect,
}: {
  weeks: WeekTab[];
  selected: string;
  onSelect: (week: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const moveTo = (index: number) => {
    const tab = weeks[(index + weeks.length) % weeks.length];
    if (!tab) return;
    onSelect(tab.week);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab.week)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = weeks.findIndex((tab) => tab.week === selected);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: weeks.length - 1 }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Menu weeks"
      className="week-tabs"
      onKeyDown={onKeyDown}
    >
      {weeks.map((tab) => (
        <button
          key={tab.week}
          type="button"
          role="tab"
          id={tabId(tab.week)}
          aria-selected={tab.week === selected}
          aria-controls={panelId(tab.week)}
          tabIndex={tab.week === selected ? 0 : -1}
          className={`week-tabs__tab${tab.open ? '' : ' week-tabs__tab--closed'}`}
          onClick={() => onSelect(tab.week)}
        >
          <span className="week-tabs__label">{tab.label}</span>{' '}
          <Badge tone={tab.open ? 'success' : 'neutral'}>{tab.open ? 'Open' : 'Closed'}</Badge>
        </button>
      ))}
    </div>
  );
}
