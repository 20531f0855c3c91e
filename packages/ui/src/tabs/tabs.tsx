import type { ReactNode } from 'react';
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

/** Accessible tabs (arrow keys move between tabs, panels are linked) on Radix Tabs. */
export function Tabs({ items, value, defaultValue, onValueChange, stretch = false, className, ...rest }: TabsProps) {
  return (
    <TabsRoot
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <TabList aria-label={rest['aria-label']} $stretch={stretch}>
        {items.map((item) => (
          <TabTrigger key={item.value} value={item.value} disabled={item.disabled} $stretch={stretch}>
            {item.label}
          </TabTrigger>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.value} value={item.value}>
          {item.content}
        </TabPanel>
      ))}
    </TabsRoot>
  );
}
