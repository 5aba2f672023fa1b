import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config'
import type { Db } from './db'
import type { JobDefinition, Subscription } from './jobs'

/** What a module contributes: HTTP routes under /api, job handlers and event subscriptions. */
export interface AppModule {
  name: string
  routes?: (app: FastifyInstance) => Promise<void>
  /** Routes mounted outside /api (the gateway sandbox, for instance). */
  rootRoutes?: (app: FastifyInstance) => Promise<void>
  jobs?: JobDefinition[]
  // biome-ignore lint/suspicious/noExplicitAny: subscriptions carry their own payload types
  subscriptions?: Subscription<any>[]
  /** Adds this module's demo data to the demo merchant's store (embedded mode's first start only). */
  seedDemo?: (ctx: DemoSeedContext) => Promise<void>
}

export interface DemoSeedContext {
  db: Db
  config: AppConfig
  merchantId: string
  storeId: string
}
