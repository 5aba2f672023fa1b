import type { AffiliateProgram, Affiliation, Commission, StoreAffiliation } from '../../shared/affiliates'
import type { CommissionRow } from './commissions.repository'
import type { AffiliationRow, ProgramRow } from './repository'

export function toProgram(row: ProgramRow): AffiliateProgram {
  return {
    storeId: row.store_id,
    productId: row.product_id,
    enabled: row.enabled,
    commissionBps: row.commission_bps,
    cookieDays: row.cookie_days,
    attribution: row.attribution,
    autoApprove: row.auto_approve,
    releaseDays: row.release_days,
    recurring: row.recurring,
  }
}

type AffiliationWithBps = AffiliationRow & { commission_bps: number | null }

export function toAffiliation(row: AffiliationWithBps, productName: string): Affiliation {
  return {
    id: row.id,
    storeId: row.store_id,
    productId: row.product_id,
    productName,
    status: row.status,
    // The link exists only while the affiliation is ACTIVE: a pending or refused one has nothing to share.
    link: row.status === 'ACTIVE' ? `/a/${row.code}` : null,
    commissionBps: row.commission_bps ?? 0,
    createdAt: row.created_at.toISOString(),
  }
}

export function toStoreAffiliation(
  row: AffiliationWithBps & { clicks: string | null; sales: string | null; commission_cents: string | null },
  productName: string,
  affiliate: { name: string; email: string },
): StoreAffiliation {
  return {
    ...toAffiliation(row, productName),
    affiliateName: affiliate.name,
    affiliateEmail: affiliate.email,
    clicks: Number(row.clicks ?? 0),
    sales: Number(row.sales ?? 0),
    commissionCents: Number(row.commission_cents ?? 0),
  }
}

export function toCommission(row: CommissionRow): Commission {
  return {
    id: row.id,
    storeId: row.store_id,
    orderId: row.order_id,
    role: row.role,
    affiliationId: row.affiliation_id,
    amountCents: Number(row.amount_cents),
    reversedCents: Number(row.reversed_cents),
    status: row.status,
    releaseAt: row.release_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  }
}
