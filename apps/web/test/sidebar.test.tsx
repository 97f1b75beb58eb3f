import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, isAdminPath, MAIN_NAV } from '../src/app/shell/nav-items';
import { mockFetch, setViewportWidth } from './setup';
import { renderApp, signIn } from './render-app';

const activeFor = (path: string) =>
  [...MAIN_NAV, ...ADMIN_NAV].filter((item) => item.isActive(path)).map((item) => item.label);

describe('sidebar highlighting rules', () => {
  it.each([
    ['/', ['Decision Hub']],
    ['/conversation/new', ['New Analysis']],
    ['/use-cases', ['Use Cases']],
    ['/use-cases/42', ['Use Cases']],
    ['/decisions', ['Decisions']],
    ['/database-connections', ['Data Sources']],
    ['/document-management', ['Document Management']],
    ['/connections', ['Agents']],
    ['/mcp-connections', ['Agents']],
    ['/llm-connections', ['Agents']],
    ['/action-flows', ['Agents']],
    ['/use-casesX', []],
    ['/conversation/7', []],
  ])('%s highlights %j', (path, labels) => {
    expect(activeFor(path)).toEqual(labels);
  });

  it('knows which paths belong to the ADMIN group', () => {
    expect(isAdminPath('/action-flows')).toBe(true);
    expect(isAdminPath('/database-connections')).toBe(true);
    expect(isAdminPath('/decisions')).toBe(false);
  });
});

describe('sidebar', () => {
  it('remembers the collapsed choice in local storage', async () => {
    mockFetch();
    signIn();
    const first = renderApp('/decisions');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar.style.width).toBe('250px');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar.style.width).toBe('70px');
    expect(window.localStorage.getItem('catalyst-sidebar-collapsed')).toBe('true');
    first.unmount();

    renderApp('/decisions');
    expect((await screen.findByTestId('sidebar')).style.width).toBe('70px');
    expect(screen.queryByText('Decision Hub', { selector: 'span' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem('catalyst-sidebar-collapsed')).toBe('false');
  });

  it('opens the ADMIN group by default only on its own pages', async () => {
    mockFetch();
    signIn();
    const onDecisions = renderApp('/decisions');
    const toggle = await screen.findByRole('button', { name: 'ADMIN' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Agents' })).toBeNull();
    onDecisions.unmount();

    renderApp('/action-flows');
    expect((await screen.findByRole('button', { name: 'ADMIN' })).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
  });

  it('becomes a drawer under 768px, never collapsed, closed by Escape, and closes on desktop', async () => {
    window.localStorage.setItem('catalyst-sidebar-collapsed', 'true');
    setViewportWidth(375);
    mockFetch();
    signIn();
    renderApp('/decisions');
    expect(await screen.findByRole('button', { name: 'Open navigation menu' })).toBeTruthy();
    expect(screen.queryByTestId('sidebar')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByTestId('sidebar-drawer');
    expect(drawer.style.width).toBe('250px');
    expect(screen.getByRole('link', { name: 'Decision Hub' })).toBeTruthy();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('sidebar-drawer')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await screen.findByTestId('sidebar-drawer');
    setViewportWidth(1280);
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect(screen.queryByTestId('sidebar-drawer')).toBeNull();
    expect((await screen.findByTestId('sidebar')).style.width).toBe('70px');
  });

  it('debounces resize handling by 100 ms', async () => {
    mockFetch();
    signIn();
    renderApp('/decisions');
    await screen.findByTestId('sidebar');
    setViewportWidth(375);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 130));
    });
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });
});

describe('header', () => {
  it('switches to the dark theme and stores the choice', async () => {
    mockFetch();
    signIn();
    renderApp('/decisions');
    const toggle = await screen.findByRole('switch', { name: 'Dark theme' });
    expect(document.documentElement.classList.contains('light')).toBe(true);
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('catalyst-ui-theme')).toBe('dark');
  });
});
