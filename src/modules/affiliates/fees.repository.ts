import type { PlatformFee } from '../../shared/affiliates'
import type { Db, DbOrTrx } from './tables'

const NO_FEE: PlatformFee = { percentBps: 0, fixedCents: 0 }

export async function platformFee(db: DbOrTrx): Promise<PlatformFee> {
  const row = await db.selectFrom('affiliate_platform_fee').selectAll().executeTakeFirst()
  return row ? { percentBps: row.percent_bps, fixedCents: row.fixed_cents } : NO_FEE
}

export async function savePlatformFee(db: Db, adminId: string, fee: PlatformFee): Promise<PlatformFee> {
  await db
    .insertInto('affiliate_platform_fee')
    .values({ percent_bps: fee.percentBps, fixed_cents: fee.fixedCents, updated_by: adminId })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        percent_bps: fee.percentBps,
        fixed_cents: fee.fixedCents,
        updated_by: adminId,
        updated_at: new Date(),
      }),
    )
    .execute()
  return platformFee(db)
}
