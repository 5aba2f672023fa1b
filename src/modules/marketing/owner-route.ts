import type { FastifyInstance, FastifySchema } from 'fastify'
import { requireStoreOwner } from '../../platform/store-guard'

/** The options every owner route of marketing shares around its own schema: the OpenAPI tag, the store-owner guard. */
export function ownerRoute(fastify: FastifyInstance) {
  const preHandler = requireStoreOwner(fastify)
  return <S extends FastifySchema>(schema: S) => ({ schema: { tags: ['marketing'], ...schema }, preHandler })
}
