import type { JobDefinition } from '../../platform/jobs'
import { purgeQuotes } from './repository'
import { QUOTE_HONOURED_MS } from './service'

export const QUOTES_PURGE_JOB = 'shipping.quotes-purge'

export const shippingJobs: JobDefinition[] = [
  {
    // The kept quotes grow with every CEP a buyer types: past the honoured window they price nothing.
    name: QUOTES_PURGE_JOB,
    attempts: 1,
    everyMs: 60 * 60_000,
    handler: async (_data, ctx) => {
      await purgeQuotes(ctx.db, new Date(Date.now() - QUOTE_HONOURED_MS))
    },
  },
]
