import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  /** Stable key, also the value given to onSelect. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers ("Weeks", "Components"). */
  label: string;
  tabs: TabItem[];
  /** Controlled use: the selected tab's id and the handler; otherwise the first tab to start. */
  selected?: string;
  onSelect?: (id: string) => void;
  className?: string;
}

/** The next tab's index for a key of the ARIA tabs pattern, or null for any other key. */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the list, the arrow keys,
 * Home and End move between tabs and select them, Tab moves on into the panel. 44 px tabs.
 */
export function Tabs({ label, tabs, selected, onSelect, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const current = selected ?? own;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (id: string) => {
    if (selected === undefined) setOwn(id);
    onSelect?.(id);
  };
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === current),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexForKey(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    select(tab.id);
    buttons.current[next]?.focus();
  };
  const active = tabs[index];
  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, position) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[position] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            className="tabs__tab"
            aria-selected={position === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={position === index ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {active && (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          tabIndex={0}
        >
          {active.panel}
        </div>
      )}
    </div>
  );
}
