/** Every role a Trowel account can hold. */
export const ROLES = [
  'admin',
  'project_manager',
  'project_lead',
  'architect',
  'quantity_surveyor',
  'accountant',
  'store_keeper',
  'team_member',
  'client',
  'vendor',
] as const;

export type Role = (typeof ROLES)[number];

/** Roles of the company's own people (everyone but clients and vendors). */
export const STAFF_ROLES = [
  'admin',
  'project_manager',
  'project_lead',
  'architect',
  'quantity_surveyor',
  'accountant',
  'store_keeper',
  'team_member',
] as const satisfies readonly Role[];

export type StaffRole = (typeof STAFF_ROLES)[number];

const ROLE_LABELS = {
  admin: 'Administrator',
  project_manager: 'Project Manager',
  project_lead: 'Project Lead',
  architect: 'Architect',
  quantity_surveyor: 'Quantity Surveyor',
  accountant: 'Accountant',
  store_keeper: 'Store Keeper',
  team_member: 'Site Engineer / Team Member',
  client: 'Client',
  vendor: 'Vendor',
} as const satisfies Record<Role, string>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether the role is a client's: a customer of the company, who sees their own projects. */
export function isClientRole(value: unknown): value is 'client' {
  return value === 'client';
}

/** The label shown to people for a role; anything unknown is 'User'. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'User';
}

/** The role as the header menu shows it: underscores replaced by spaces. */
export function roleMenuText(role: string): string {
  return role.replaceAll('_', ' ');
}
