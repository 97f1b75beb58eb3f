import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSidebarState } from '../../src/app/shell/use-sidebar-state';
import { useCollapseSidebarWhile } from '../../src/lib/sidebar-override';

describe('a screen collapses the sidebar for a while (the PDF panel, spec document 1 §2.7)', () => {
  it('collapses while asked, restores after, never touching the saved choice; expanding overrules it', () => {
    const shell = renderHook(() => useSidebarState());
    expect(shell.result.current.collapsed).toBe(false);
    const panel = renderHook(({ open }) => useCollapseSidebarWhile(open), { initialProps: { open: true } });
    expect(shell.result.current.collapsed).toBe(true);
    panel.rerender({ open: false });
    expect(shell.result.current.collapsed).toBe(false);
    panel.rerender({ open: true });
    expect(shell.result.current.collapsed).toBe(true);
    // The user expands it anyway: the request is dropped, the saved choice stays unset.
    act(() => shell.result.current.toggleCollapsed());
    expect(shell.result.current.collapsed).toBe(false);
    expect(localStorage.getItem('catalyst-sidebar-collapsed')).toBeNull();
    panel.unmount();
    expect(shell.result.current.collapsed).toBe(false);
  });

  it('a sidebar the user collapsed stays collapsed when the panel closes', () => {
    const shell = renderHook(() => useSidebarState());
    act(() => shell.result.current.toggleCollapsed());
    const panel = renderHook(() => useCollapseSidebarWhile(true));
    panel.unmount();
    expect(shell.result.current.collapsed).toBe(true);
    expect(localStorage.getItem('catalyst-sidebar-collapsed')).toBe('true');
  });
});
