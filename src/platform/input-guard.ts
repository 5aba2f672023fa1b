import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '../shared/text'
import { AppError } from './errors'

/** Deeper than any input of this API; what is deeper is an attack on whatever walks the value recursively. */
export const MAX_JSON_DEPTH = 64
export const JSON_TOO_DEEP = 'JSON com aninhamento excessivo no corpo da requisição'

/**
 * Depth of the JSON text's arrays/objects, counted on the raw string before parsing: linear, no recursion, so
 * a body of 100,000 '[' costs one pass and never reaches JSON.parse, zod or a serializer.
 */
export function jsonDepthExceeds(body: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}

/** Whether any string (value or key) in the parsed input holds a control character; iterative, for any depth. */
export function findControlChars(input: unknown): boolean {
  const stack: unknown[] = [input]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (hasControlChars(v)) return true
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item)
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (hasControlChars(key)) return true
        stack.push(item)
      }
    }
  }
  return false
}

/**
 * Hostile input stops at the door with a 400, whatever the route: JSON nested too deep (before parsing) and
 * control characters — NUL above all, which PostgreSQL refuses in text — in the body, the query string or the
 * path. Runs at preValidation, after the access guards (onRequest), so an anonymous caller still gets 401 first.
 */
export function registerInputGuard(app: FastifyInstance) {
  const defaultJson = app.getDefaultJsonParser('error', 'ignore')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) return done(new AppError(400, JSON_TOO_DEEP), undefined)
    return defaultJson(request, body as string, done)
  })

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (findControlChars(request.params) || findControlChars(request.query) || findControlChars(request.body))
      throw new AppError(400, CONTROL_CHARS_MESSAGE)
  })
}
