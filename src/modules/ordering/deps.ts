import type { FastifyBaseLogger } from 'fastify'
import type { PaymentsDeps } from '../payments'

/** What ordering's use cases are handed by the app: the payments transport and a logger. */
export type OrderingDeps = PaymentsDeps & { log: FastifyBaseLogger }
