import { z } from 'zod';
import { ZPermission } from './permissions';
import { zText } from './text';

/** The Admin Panel (spec document 3 "Admin Panel"): users, organizations, roles, data access groups. */

const required = (label: string, max: number) =>
  zText(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`);
const optionalText = (label: string, max: number) =>
  zText(`${label} must be text`)
    .trim()
    .max(max, `${label} is too long (${max} characters at most)`)
    .default('');
export const zId = (label = 'id') =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive id`)
    .max(2_147_483_647, `${label} is not a known id`);
export const ZIdParams = z.object({ id: zId() });

const username = zText('Username is required')
  .trim()
  .regex(/^[A-Za-z0-9._@-]{1,150}$/, 'Username may use letters, digits and . _ @ - (150 characters at most)');
// Deliberately loose (name@host): the first administrator is admin@localhost; mail servers judge the rest.
const email = zText('E-mail is required')
  .trim()
  .regex(/^[^\s@]+@[^\s@]+$/, 'Please enter a valid email address')
  .max(254, 'E-mail is too long (254 characters at most)');

export const USER_STATUSES = ['active', 'inactive'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);
export type TUserStatus = z.infer<typeof ZUserStatus>;

// ---- Users ------------------------------------------------------------------------------

export const ZAdminUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** First and last name, else the username. */
    name: z.string(),
    roleId: z.number().int(),
    roleName: z.string(),
    /** The organizations the user belongs to (one today: their own). */
    organizations: z.array(z.string()),
    status: ZUserStatus,
    /** ISO time of the last sign-in; null: never signed in (an invitation not yet used). */
    lastLogin: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserList = z.object({ users: z.array(ZAdminUser) }).meta({ id: 'AdminUserList' });
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZInviteUser = z.object({
  username,
  email,
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  /** A role of the organization; the organization's User role when left out. */
  roleId: zId('roleId').optional(),
});
export type TInviteUser = z.infer<typeof ZInviteUser>;

export const ZUpdateUser = z.object({
  email,
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  roleId: zId('roleId'),
});
export type TUpdateUser = z.infer<typeof ZUpdateUser>;

// ---- Organizations ----------------------------------------------------------------------

const domain = zText('A domain must be text')
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'A domain looks like example.com',
  );

/** An IANA time zone name ("Europe/Berlin", "UTC"); business hours are counted in it. */
export const ZTimeZone = zText('Time zone is required')
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Time zone must be an IANA name such as Europe/Berlin or UTC');

export const ZOrganization = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    domains: z.array(z.string()),
    status: ZUserStatus,
    timeZone: z.string(),
    userCount: z.number().int(),
    createdAt: z.string(),
    /** The first organization (created on first start): its administrators run the platform. */
    isPlatform: z.boolean(),
  })
  .meta({ id: 'Organization' });
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZOrganizationList = z
  .object({
    organizations: z.array(ZOrganization),
    /** The caller may create, list and deactivate every organization (orgs.write in the first organization). */
    canManageAll: z.boolean(),
    ownOrgId: z.number().int(),
  })
  .meta({ id: 'OrganizationList' });
export type TOrganizationList = z.infer<typeof ZOrganizationList>;

const organizationFields = {
  name: required('Organization name', 200),
  description: optionalText('Description', 2000),
  domains: z.array(domain).max(50, 'At most 50 domains').default([]),
  timeZone: ZTimeZone.default('UTC'),
};

export const ZUpdateOrganization = z.object(organizationFields);
export type TUpdateOrganization = z.infer<typeof ZUpdateOrganization>;

export const ZCreateOrganization = z.object({
  ...organizationFields,
  /** The organization's first administrator: invited by e-mail to choose a password. */
  admin: z.object({
    username,
    email,
    firstName: optionalText('First name', 100),
    lastName: optionalText('Last name', 100),
  }),
});
export type TCreateOrganization = z.infer<typeof ZCreateOrganization>;

// ---- Roles ------------------------------------------------------------------------------

export const ZRole = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(ZPermission),
    userCount: z.number().int(),
    /** admin, manager or user for the three sample roles every organization starts with; null for roles made here. */
    key: z.enum(['admin', 'manager', 'user']).nullable(),
  })
  .meta({ id: 'Role' });
export type TRole = z.infer<typeof ZRole>;

export const ZRoleList = z.object({ roles: z.array(ZRole) }).meta({ id: 'RoleList' });

export const ZRoleInput = z.object({
  name: required('Role name', 100),
  description: optionalText('Description', 500),
  permissions: z.array(ZPermission).max(8).default([]),
});
export type TRoleInput = z.infer<typeof ZRoleInput>;

// ---- Data access groups -----------------------------------------------------------------

/** Spec document 3 §9: the restrictions a data access group may carry. */
export const RESTRICTIONS = [
  'read-only',
  'business-hours-only',
  'audit-logged',
  'approval-required',
  'time-limited',
] as const;
export const ZRestriction = z.enum(RESTRICTIONS, {
  error: `A restriction is one of ${RESTRICTIONS.join(', ')}`,
});
export type TRestriction = z.infer<typeof ZRestriction>;

/** Spec document 3 §5: the value with the first hyphen turned into a space and each word capitalised. */
export function restrictionLabel(value: string): string {
  return value.replace('-', ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** What each restriction does, for the dialog's hints. */
export const RESTRICTION_HINTS: Record<TRestriction, string> = {
  'read-only': 'Members may query the sources but not edit, upload to or delete them',
  'business-hours-only': "Monday to Friday, 09:00–18:00 in the organization's time zone",
  'audit-logged': 'Every query of a member is recorded: who, when, which source, the SQL or question, rows',
  'approval-required': 'A member gets access only once an administrator approves them in the group',
  'time-limited': 'The group grants nothing after its expiry date and time',
};

export const ZDataSourceOption = z
  .object({ id: z.number().int(), name: z.string(), type: z.enum(['database', 'api', 'file']) })
  .meta({ id: 'DataSourceOption' });
export type TDataSourceOption = z.infer<typeof ZDataSourceOption>;

export const ZGroupMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** Approved by an administrator (only matters in an approval-required group). */
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

export const ZDataAccessGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** Connection ids (data sources) the group grants. */
    dataSources: z.array(z.number().int()),
    sources: z.array(ZDataSourceOption),
    userCount: z.number().int(),
    members: z.array(ZGroupMember),
    restrictions: z.array(ZRestriction),
    /** Only for time-limited groups: after this ISO time the group grants nothing. */
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'DataAccessGroup' });
export type TDataAccessGroup = z.infer<typeof ZDataAccessGroup>;

export const ZDataAccessGroupList = z
  .object({ groups: z.array(ZDataAccessGroup) })
  .meta({ id: 'DataAccessGroupList' });

export const ZDataAccessGroupInput = z.object({
  name: required('Group name', 100),
  description: optionalText('Description', 500),
  dataSources: z.array(zId('data source id')).max(500).default([]),
  restrictions: z.array(ZRestriction).max(RESTRICTIONS.length).default([]),
  members: z
    .array(z.object({ userId: zId('userId'), approved: z.boolean().default(false) }))
    .max(5000)
    .default([]),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be an ISO date and time' })
    .nullable()
    .default(null),
});
export type TDataAccessGroupInput = z.infer<typeof ZDataAccessGroupInput>;

export const ZAuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userId: z.number().int().nullable(),
    userName: z.string(),
    connId: z.number().int(),
    connName: z.string(),
    /** The question asked in Catalyst AI, when the query answered one. */
    question: z.string().nullable(),
    statement: z.string(),
    rowCount: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  groupId: zId('groupId').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

// ---- Mail outbox ------------------------------------------------------------------------

export const ZOutboxItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['kept', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TOutboxItem = z.infer<typeof ZOutboxItem>;
