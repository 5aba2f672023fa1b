import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

/** An expected failure with the status and Portuguese message the client shows. */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (message = 'Recurso não encontrado') => new AppError(404, message)

export const DEFAULT_ERROR_MESSAGE = 'Ocorreu um erro inesperado'

interface ErrorBody {
  statusCode: number
  message: string
  errors?: Record<string, string>
}

/** The one place that turns any thrown error into `{ statusCode, message, errors? }`; a 5xx shows no internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const body = toErrorBody(err)
    if (body.statusCode >= 500) request.log.error({ err }, 'request failed')
    else request.log.info({ statusCode: body.statusCode, message: body.message }, 'request rejected')
    if (err.statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60')
    return reply.status(body.statusCode).send(body)
  })
}

function toErrorBody(err: FastifyError): ErrorBody {
  if (err instanceof AppError) return { statusCode: err.statusCode, message: err.message, errors: err.errors }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string> = {}
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
      errors[field] ??= issue.message ?? 'Dados inválidos'
    }
    return { statusCode: 400, message: Object.values(errors)[0] ?? 'Dados inválidos', errors }
  }
  if (isResponseSerializationError(err)) return { statusCode: 500, message: DEFAULT_ERROR_MESSAGE }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'JSON inválido no corpo da requisição' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return { statusCode: 413, message: 'Requisição muito grande' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { statusCode: 400, message: 'Tipo de conteúdo não suportado' }
  }
  if (err.code?.startsWith('FST_JWT'))
    return { statusCode: 401, message: 'Sessão expirada ou inválida. Faça login novamente.' }
  const pgCode = (err as { code?: string }).code
  if (pgCode === '22P02' || pgCode === '22003') return { statusCode: 400, message: 'Dados inválidos' }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) return { statusCode: status, message: err.message || 'Requisição inválida' }
  return { statusCode: 500, message: DEFAULT_ERROR_MESSAGE }
}
