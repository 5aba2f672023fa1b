import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { codeForStatus, type ErrorCode } from '../shared/error-codes'
import { DbBusyError } from './db'

/**
 * An expected failure with the status and Portuguese message the client shows, and a stable machine code (the
 * status's own unless a screen must react to this reason: ORDER_SOLD_OUT, CARD_REFUSED, …).
 */
export class AppError extends Error {
  public code: ErrorCode
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message)
    this.code = code ?? codeForStatus(statusCode)
  }
}

export const notFound = (message = 'Recurso não encontrado') => new AppError(404, message)

/** `found`, or a 404 with the module's message: a route's answer for a row that is missing or not the caller's. */
export function orNotFound<T>(found: T | null | undefined, message: string): T {
  if (found === undefined || found === null) throw notFound(message)
  return found
}

export const DEFAULT_ERROR_MESSAGE = 'Ocorreu um erro inesperado'
export const MULTIPART_INVALID = 'Formulário (multipart) inválido ou incompleto'
const MULTIPART_PARSER_ERRORS =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (form|multipart data)|.* terminated early due to unexpected end of multipart data|The needle cannot have a length bigger than 256\.|Malformed part header)$/

export interface ErrorBody {
  statusCode: number
  code: ErrorCode
  message: string
  errors?: Record<string, string>
}

/** The one place that turns any thrown error into `{ statusCode, message, errors? }`; a 5xx shows no internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const partial = toErrorBody(err)
    const body: ErrorBody = {
      statusCode: partial.statusCode,
      code: partial.code ?? codeForStatus(partial.statusCode),
      message: partial.message,
      ...(partial.errors ? { errors: partial.errors } : {}),
    }
    if (body.statusCode >= 500) request.log.error({ err }, 'request failed')
    else request.log.info({ statusCode: body.statusCode, message: body.message }, 'request rejected')
    if (err.statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60')
    if (body.statusCode === 503) reply.header('retry-after', '1')
    return reply.status(body.statusCode).send(body)
  })
}

export const BUSY_MESSAGE = 'Serviço ocupado no momento. Tente novamente em instantes.'

function toErrorBody(err: FastifyError): Omit<ErrorBody, 'code'> & { code?: ErrorCode } {
  if (err instanceof DbBusyError) return { statusCode: 503, code: 'INTERNAL', message: BUSY_MESSAGE }
  if (err instanceof AppError)
    return { statusCode: err.statusCode, code: err.code, message: err.message, errors: err.errors }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string> = {}
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
      errors[field] ??= issue.message ?? 'Dados inválidos'
    }
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: Object.values(errors)[0] ?? 'Dados inválidos',
      errors,
    }
  }
  if (isResponseSerializationError(err)) return { statusCode: 500, message: DEFAULT_ERROR_MESSAGE }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'JSON inválido no corpo da requisição' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { statusCode: 413, message: 'Requisição muito grande' }
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { statusCode: 400, message: MULTIPART_INVALID }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { statusCode: 400, message: 'Tipo de conteúdo não suportado' }
  }
  if (err.code?.startsWith('FST_JWT'))
    return { statusCode: 401, message: 'Sessão expirada ou inválida. Faça login novamente.' }
  // busboy throws plain errors for a missing/oversized boundary or a body cut short: the client's fault, not ours.
  if (err.statusCode === undefined && MULTIPART_PARSER_ERRORS.test(err.message))
    return { statusCode: 400, message: MULTIPART_INVALID }
  const pgCode = (err as { code?: string }).code
  // Bad text representation, out of range, NUL or an untranslatable character, too deep a value: all come from
  // input that slipped past a schema, so they are the client's 400 rather than a 500.
  if (pgCode && ['22P02', '22003', '22021', '22P05', '54001'].includes(pgCode))
    return { statusCode: 400, message: 'Dados inválidos' }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) return { statusCode: status, message: err.message || 'Requisição inválida' }
  return { statusCode: 500, message: DEFAULT_ERROR_MESSAGE }
}
