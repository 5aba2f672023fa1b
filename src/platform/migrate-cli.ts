import { loadConfig } from '../config'
import { openDatabase } from './db'
import { migrate } from './migrate'

const config = loadConfig()
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  const applied = await migrate(handle.db)
  console.log(applied.length ? `Migrations applied: ${applied.join(', ')}` : 'Database is up to date')
} finally {
  await handle.close()
}
