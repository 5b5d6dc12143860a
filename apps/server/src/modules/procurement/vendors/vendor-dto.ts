import type { VendorDto } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { VendorRow } from '../../../db/schema.ts';

/** A vendor as answers carry it. */
export function toVendorDto(row: VendorRow): VendorDto {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    state: row.state ?? null,
    category: row.category ?? null,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
