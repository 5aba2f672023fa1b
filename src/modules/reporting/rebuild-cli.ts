/** `npm run rollups:rebuild`: recomputes the dashboard rollups from the orders table (after a restore, say). */
import { loadConfig } from '../../config'
import { openDatabase } from '../../platform/db'
import { migrate } from '../../platform/migrate'
import { rebuildRollups } from './rebuild'

const config = loadConfig()
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  await migrate(handle.db)
  const started = Date.now()
  const { orders } = await rebuildRollups(handle.db)
  console.log(`Rollups rebuilt from ${orders} orders in ${Date.now() - started} ms`)
} finally {
  await handle.close()
}
