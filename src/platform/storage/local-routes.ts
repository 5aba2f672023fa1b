import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors'
import { LOCAL_FILES_PREFIX, type LocalStorage } from './local'
import { attachmentDisposition } from './port'

export const LINK_EXPIRED = 'Este link de download expirou. Volte à sua área e baixe o arquivo de novo.'
export const LINK_INVALID = 'Link de download inválido.'

/** Serves the local folder's objects to whoever holds a signed URL (LocalStorage.signedUrl), streamed. */
export function registerLocalStorageRoutes(app: FastifyInstance, storage: LocalStorage) {
  app.get(`${LOCAL_FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    const query = request.query as Record<string, string | undefined>
    const verdict = storage.check(key, query)
    if (verdict === 'expired') throw new AppError(403, LINK_EXPIRED, undefined, 'FORBIDDEN')
    if (verdict !== 'ok') throw new AppError(403, LINK_INVALID, undefined, 'FORBIDDEN')
    const size = await storage.size(key)
    const body = size === undefined ? undefined : await storage.get(key)
    if (!body) throw new AppError(404, 'Arquivo não encontrado')
    return reply
      .header('content-type', query.type ?? 'application/octet-stream')
      .header('content-length', String(size))
      .header('content-disposition', attachmentDisposition(query.name ?? 'arquivo'))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body)
  })
}
