import { z } from 'zod';

/**
 * The permission catalogue (spec document 3 §3 and §6): the eight ids a role can hold. The
 * server checks them on every route (`config: { permission }`), the web hides what a user may
 * not do with them. Names follow the id ("data.write" → "Data write") so a refusal message can
 * name both.
 */
export const PERMISSIONS = [
  {
    id: 'users.read',
    name: 'Users read',
    description: 'See the users, roles and data access groups of the organization',
    category: 'Users',
  },
  {
    id: 'users.write',
    name: 'Users write',
    description: 'Invite and edit users, assign roles, manage roles and data access groups',
    category: 'Users',
  },
  {
    id: 'users.delete',
    name: 'Users delete',
    description: 'Deactivate and reactivate users',
    category: 'Users',
  },
  {
    id: 'orgs.read',
    name: 'Organizations read',
    description: 'See the organization and its settings',
    category: 'Organizations',
  },
  {
    id: 'orgs.write',
    name: 'Organizations write',
    description: 'Edit the organization (and, in the first organization, manage all organizations)',
    category: 'Organizations',
  },
  {
    id: 'data.read',
    name: 'Data read',
    description: 'See data sources and use cases and ask Catalyst AI about them',
    category: 'Data',
  },
  {
    id: 'data.write',
    name: 'Data write',
    description: 'Add, change and delete data sources, CSV uploads and use cases',
    category: 'Data',
  },
  {
    id: 'reports.view',
    name: 'Reports view',
    description: 'See the Decision Hub dashboard, its recommendations and the decisions',
    category: 'Reports',
  },
] as const;

export type TPermission = (typeof PERMISSIONS)[number]['id'];
export type TPermissionCategory = (typeof PERMISSIONS)[number]['category'];

export const PERMISSION_IDS = PERMISSIONS.map((p) => p.id) as [TPermission, ...TPermission[]];
export const ZPermission = z
  .enum(PERMISSION_IDS, { error: `A permission is one of ${PERMISSIONS.map((p) => p.id).join(', ')}` })
  .meta({ id: 'Permission' });

/** The categories in the order the role dialog groups them. */
export const PERMISSION_CATEGORIES: readonly TPermissionCategory[] = [
  'Users',
  'Organizations',
  'Data',
  'Reports',
];

export const isPermission = (value: unknown): value is TPermission =>
  typeof value === 'string' && (PERMISSION_IDS as readonly string[]).includes(value);

export function permissionOf(id: TPermission) {
  return PERMISSIONS.find((p) => p.id === id)!;
}

/** The refusal every route gives without the permission (HTTP 403 FORBIDDEN). */
export function permissionDeniedMessage(id: TPermission): string {
  return `You need the ${id} permission (${permissionOf(id).name}) to do this. Ask an administrator.`;
}

/** The sample roles each organisation starts with (spec document 3 §6). */
export const SAMPLE_ROLES = [
  {
    key: 'admin',
    name: 'Admin',
    description: 'Full system access',
    permissions: [...PERMISSION_IDS] as TPermission[],
  },
  {
    key: 'manager',
    name: 'Manager',
    description: 'Limited management access',
    permissions: ['users.read', 'orgs.read', 'data.read', 'data.write', 'reports.view'] as TPermission[],
  },
  {
    key: 'user',
    name: 'User',
    description: 'Basic access',
    permissions: ['data.read', 'reports.view'] as TPermission[],
  },
] as const;
export type TSampleRoleKey = (typeof SAMPLE_ROLES)[number]['key'];
