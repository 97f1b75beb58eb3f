import {
  Bot,
  Database,
  FileText,
  Gavel,
  LayoutDashboard,
  Layers,
  MessageSquarePlus,
  type LucideIcon,
} from 'lucide-react';
import type { TPermission } from '@catalyst/contracts';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Whether the entry is highlighted for the current path. */
  isActive: (pathname: string) => boolean;
  /** Shown only to users whose role holds it (the screen would refuse them anyway). */
  permission?: TPermission;
}

/** True for `prefix` itself and every path below it (not for `/use-casesX`). */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Spec document 1 §2.2: the main entries. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Decision Hub', to: '/', icon: LayoutDashboard, isActive: (p) => p === '/' },
  {
    label: 'New Analysis',
    to: '/conversation/new',
    icon: MessageSquarePlus,
    isActive: (p) => p === '/conversation/new',
  },
  { label: 'Use Cases', to: '/use-cases', icon: Layers, isActive: (p) => isUnder(p, '/use-cases') },
  { label: 'Decisions', to: '/decisions', icon: Gavel, isActive: (p) => isUnder(p, '/decisions') },
];

const AGENT_PATHS = ['/connections', '/mcp-connections', '/llm-connections'];

/** Spec document 1 §2.2: the ADMIN group; Agents also lights up for its legacy paths and /action-flows. */
export const ADMIN_NAV: readonly NavItem[] = [
  // The ADMIN group is for managing: each entry needs the permission that manages its area.
  {
    label: 'Data Sources',
    to: '/database-connections',
    icon: Database,
    isActive: (p) => isUnder(p, '/database-connections'),
    permission: 'data.write',
  },
  {
    label: 'Document Management',
    to: '/document-management',
    icon: FileText,
    isActive: (p) => isUnder(p, '/document-management'),
    permission: 'data.write',
  },
  {
    label: 'Agents',
    to: '/connections',
    icon: Bot,
    isActive: (p) => AGENT_PATHS.some((prefix) => isUnder(p, prefix)) || isUnder(p, '/action-flows'),
    permission: 'orgs.read',
  },
];

/** The ADMIN group opens by default only on its own pages. */
export function isAdminPath(pathname: string): boolean {
  return ADMIN_NAV.some((item) => item.isActive(pathname));
}
