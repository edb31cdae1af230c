/** The staff navigation: each page with the permission it needs; a member sees only what their role allows. */
import { staffPaths } from '#lib/paths.ts';
import type { StaffRole } from '#lib/schemas/staff.ts';
import { allows, type Permission } from '#lib/staff-permissions.ts';

export interface StaffNavItem {
  label: string;
  href: string;
  permission: Permission;
  /** Other pages under the item (one order is under Orders). */
  under?: readonly string[];
}

export const STAFF_NAV: readonly StaffNavItem[] = [
  { label: 'Orders', href: staffPaths.orders(), permission: 'orders.read', under: ['/staff/order/'] },
  { label: 'Products', href: staffPaths.products(), permission: 'catalog.edit', under: ['/staff/product/'] },
  { label: 'Stock', href: staffPaths.stock(), permission: 'catalog.edit' },
  { label: 'Categories', href: staffPaths.categories(), permission: 'catalog.edit' },
  { label: 'Files', href: staffPaths.catalogFiles(), permission: 'catalog.edit' },
  { label: 'Search words', href: staffPaths.searchWords(), permission: 'catalog.edit' },
  { label: 'Reviews', href: staffPaths.reviews(), permission: 'reviews.moderate' },
  { label: 'Reports', href: staffPaths.reports(), permission: 'reports.read' },
  { label: 'Staff', href: staffPaths.members(), permission: 'staff.manage' },
  { label: 'Audit', href: staffPaths.audit(), permission: 'audit.read' },
];

/** The items a role may open, in order. */
export function navFor(role: StaffRole): StaffNavItem[] {
  return STAFF_NAV.filter((item) => allows(role, item.permission));
}

/** Where a member goes after signing in, when no page was asked for: the first page their role opens. */
export function homeFor(role: StaffRole): string {
  return navFor(role)[0]?.href ?? staffPaths.orders();
}

/** Whether the page at `pathname` is the item's (the bar marks it aria-current). */
export function isCurrent(item: StaffNavItem, pathname: string): boolean {
  return pathname === item.href || (item.under ?? []).includes(pathname);
}
