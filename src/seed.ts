import type { Runtime } from './app'
import { appModules } from './modules'
import { identityService } from './modules/identity'
import { storesService } from './modules/stores'

export const DEMO_ADMIN = { email: 'admin@demo.com.br', password: 'demo12345', name: 'Admin Demo' }
export const DEMO_MERCHANT = { email: 'lojista@demo.com.br', password: 'demo12345', name: 'Lojista Demo' }

/** Embedded mode's first start: a demo administrator and a demo merchant with a store. Safe to call every start. */
export async function seedDemo(rt: Runtime) {
  const { db, config } = rt
  if (await identityService.findUserByEmail(db, DEMO_MERCHANT.email)) return false
  const cost = config.PASSWORD_HASH_COST
  await db.transaction().execute(async (trx) => {
    if (!(await identityService.findUserByEmail(trx, DEMO_ADMIN.email))) {
      await identityService.createUser(trx, { ...DEMO_ADMIN, role: 'ADMIN' }, cost, 'seed')
    }
    await identityService.createUser(trx, { ...DEMO_MERCHANT, role: 'LOJISTA' }, cost, 'seed')
  })
  const merchant = (await identityService.findUserByEmail(db, DEMO_MERCHANT.email))!
  const store = await storesService.createStore(db, merchant.id, {
    name: 'Loja Demo',
    description: 'Loja de demonstração',
  })
  for (const mod of appModules) await mod.seedDemo?.({ db, config, merchantId: merchant.id, storeId: store.id })
  rt.log.info('demo data seeded')
  return true
}

/** Start-up work shared by every api process. */
export async function prepare(rt: Runtime) {
  const { config } = rt
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await identityService.ensureAdmin(rt.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, config.PASSWORD_HASH_COST)
  }
  if (config.seedDemo) await seedDemo(rt)
}
