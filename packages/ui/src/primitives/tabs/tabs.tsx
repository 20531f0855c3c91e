import { useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { TabList, TabPanel, TabsRoot, TabTrigger } from './tabs.styles';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list, e.g. "Account". */
  'aria-label': string;
  /** Controlled selection; pair with onValueChange. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Tabs share the full width equally (auth card) instead of hugging their labels. */
  stretch?: boolean;
  className?: string;
}

/** Where each key moves the focus in a horizontal tab list, given the enabled tabs and the focused one. */
const KEY_TARGETS: Record<string, (current: number, count: number) => number> = {
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  ArrowRight: (current, count) => (current + 1) % count,
  Home: () => 0,
  PageUp: () => 0,
  End: (_current, count) => count - 1,
  PageDown: (_current, count) => count - 1,
};

/**
 * Accessible tabs after the WAI-ARIA tabs pattern with automatic activation: the arrow keys (and
 * Home/End) move to the previous or next enabled tab, wrapping around, and select it; only the
 * selected tab is in the Tab order, and only its panel is mounted.
 */
export function Tabs({ items, value, defaultValue, onValueChange, stretch = false, className, ...rest }: TabsProps) {
  const baseId = useId();
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? items[0]?.value);
  const selected = value ?? uncontrolledValue;
  const enabled = items.filter((item) => !item.disabled);
  // A disabled tab cannot take the focus, so the list stays reachable through its first enabled tab.
  const tabStop = enabled.some((item) => item.value === selected) ? selected : enabled[0]?.value;
  const selectedItem = items.find((item) => item.value === selected);
  const tabId = (itemValue: string) => `${baseId}-tab-${itemValue}`;
  const panelId = (itemValue: string) => `${baseId}-panel-${itemValue}`;

  const select = (next: string) => {
    if (next === selected) return;
    setUncontrolledValue(next);
    onValueChange?.(next);
  };

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, from: string) => {
    const target = KEY_TARGETS[event.key];
    if (!target || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    const current = enabled.findIndex((item) => item.value === from);
    const next = enabled[target(current, enabled.length)];
    if (current < 0 || !next) return;
    event.preventDefault();
    document.getElementById(tabId(next.value))?.focus();
    select(next.value);
  };

  return (
    <TabsRoot className={className}>
      <TabList role="tablist" aria-label={rest['aria-label']} aria-orientation="horizontal" $stretch={stretch}>
        {items.map((item) => (
          <TabTrigger
            key={item.value}
            type="button"
            role="tab"
            id={tabId(item.value)}
            aria-selected={item.value === selected}
            aria-controls={panelId(item.value)}
            tabIndex={item.value === tabStop ? 0 : -1}
            disabled={item.disabled}
            $stretch={stretch}
            onClick={() => select(item.value)}
            onKeyDown={(event) => moveFocus(event, item.value)}
          >
            {item.label}
          </TabTrigger>
        ))}
      </TabList>
      {selectedItem && (
        // Keyed by the tab, so that switching tabs starts the other panel afresh.
        <TabPanel
          key={selectedItem.value}
          role="tabpanel"
          id={panelId(selectedItem.value)}
          aria-labelledby={tabId(selectedItem.value)}
          tabIndex={0}
        >
          {selectedItem.content}
        </TabPanel>
      )}
    </TabsRoot>
  );
}
