import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, tabIndexForKey } from '../../src/components/ui/tabs';

const TABS = [
  { id: 'one', label: 'Week 1', panel: <p>First week</p> },
  { id: 'two', label: 'Week 2', panel: <p>Second week</p> },
  { id: 'three', label: 'Week 3', panel: <p>Third week</p> },
];

describe('tabIndexForKey', () => {
  it('wraps with the arrows and jumps with Home and End', () => {
    expect(tabIndexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexForKey('Home', 2, 3)).toBe(0);
    expect(tabIndexForKey('End', 0, 3)).toBe(2);
    expect(tabIndexForKey('Enter', 1, 3)).toBeNull();
  });
});

describe('Tabs', () => {
  it('follows the ARIA tabs pattern: one tab stop, arrows select, the panel is labelled', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Tabs label="Weeks" tabs={TABS} onSelect={onSelect} />);

    expect(screen.getByRole('tablist', { name: 'Weeks' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Week 1' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Week 2' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Week 1' })).toHaveTextContent('First week');

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'Week 2' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Week 2' })).toHaveTextContent('Second week');
    expect(onSelect).toHaveBeenLastCalledWith('two');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Week 3' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();

    await user.click(screen.getByRole('tab', { name: 'Week 3' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third week');
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('is controlled when given the selected tab', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Tabs label="Weeks" tabs={TABS} selected="two" onSelect={onSelect} />);
    expect(screen.getByRole('tab', { name: 'Week 2' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Week 3' }));
    expect(onSelect).toHaveBeenCalledWith('three');
    // The parent did not change `selected`, so the selection stays.
    expect(screen.getByRole('tab', { name: 'Week 2' })).toHaveAttribute('aria-selected', 'true');
  });
});
