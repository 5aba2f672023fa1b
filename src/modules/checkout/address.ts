import { formatCep, isUf, isValidCep, onlyDigits, ufForCep } from '../../shared/br'
import {
  type AddressValidationAnswer,
  type AddressValidationInput,
  CEP_LOOKUP_ERROR,
  CEP_NOT_FOUND,
  type CepLookup,
} from '../../shared/checkout'

const blank = (v: string | undefined) => !v || v.trim() === ''

/**
 * The server's address check (spec 001 §5): required fields with the form's messages, a well-formed CEP, and the
 * state consistent with the CEP's range.
 */
export function validateAddress(input: AddressValidationInput): AddressValidationAnswer {
  const fail = (field: string, message: string) => ({ valid: false, message, field })
  if (blank(input.address)) return fail('address', 'Endereço é obrigatório')
  if (input.number !== undefined && blank(input.number)) return fail('number', 'Número é obrigatório')
  if (blank(input.city)) return fail('city', 'Cidade é obrigatória')
  if (blank(input.state)) return fail('state', 'Estado é obrigatório')
  if (blank(input.zipCode)) return fail('zipCode', 'CEP é obrigatório')
  const cep = onlyDigits(input.zipCode)
  if (cep.length !== 8) return fail('zipCode', 'CEP deve ter 8 dígitos')
  if (!isValidCep(cep)) return fail('zipCode', 'CEP inválido')
  const state = input.state!.trim().toUpperCase()
  if (!isUf(state)) return fail('state', 'Estado inválido')
  const expected = ufForCep(cep)
  if (!expected) return fail('zipCode', 'CEP inválido')
  if (expected !== state) return fail('state', `O CEP ${formatCep(cep)} pertence a ${expected}, não a ${state}`)
  return { valid: true }
}

// ---------------------------------------------------------------------------------------------------------------
// CEP lookup (ViaCEP-compatible: GET {base}/{cep}/json/)

export class CepLookupError extends Error {
  constructor(
    public kind: 'not_found' | 'unavailable',
    message: string,
  ) {
    super(message)
  }
}

interface ViaCepAnswer {
  cep?: string
  logradouro?: string
  complemento?: string
  bairro?: string
  localidade?: string
  uf?: string
  erro?: boolean | string
}

const CACHE_TTL_MS = 60 * 60 * 1000
const CACHE_MAX = 10_000
export const CEP_LOOKUP_TIMEOUT_MS = 4000

interface Cached {
  at: number
  result: CepLookup | null // null: the service said the CEP does not exist
}

/** A small client with an in-memory cache of an hour (found and not-found answers; failures are not cached). */
export function createCepClient(baseUrl: string, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}) {
  const base = baseUrl.replace(/\/+$/, '')
  const doFetch = opts.fetch ?? fetch
  const cache = new Map<string, Cached>()
  const inflight = new Map<string, Promise<CepLookup | null>>()

  async function fetchCep(cep: string): Promise<CepLookup | null> {
    let res: Response
    try {
      res = await doFetch(`${base}/${cep}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? CEP_LOOKUP_TIMEOUT_MS),
      })
    } catch {
      throw new CepLookupError('unavailable', CEP_LOOKUP_ERROR)
    }
    // ViaCEP answers 400 for a malformed CEP and 200 { erro: true } for an unknown one
    if (res.status === 404 || res.status === 400) return null
    if (!res.ok) throw new CepLookupError('unavailable', CEP_LOOKUP_ERROR)
    let body: ViaCepAnswer
    try {
      body = (await res.json()) as ViaCepAnswer
    } catch {
      throw new CepLookupError('unavailable', CEP_LOOKUP_ERROR)
    }
    if (!body || typeof body !== 'object') throw new CepLookupError('unavailable', CEP_LOOKUP_ERROR)
    if (body.erro === true || body.erro === 'true') return null
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    return {
      cep: formatCep(cep),
      address: str(body.logradouro),
      neighborhood: str(body.bairro),
      city: str(body.localidade),
      state: str(body.uf).toUpperCase(),
      complement: str(body.complemento),
    }
  }

  return {
    /** The address of a CEP; throws CepLookupError (not_found / unavailable). */
    async lookup(rawCep: string): Promise<CepLookup> {
      const cep = onlyDigits(rawCep)
      if (!isValidCep(cep)) throw new CepLookupError('not_found', CEP_NOT_FOUND)
      const hit = cache.get(cep)
      let result: CepLookup | null
      if (hit && Date.now() - hit.at < CACHE_TTL_MS) result = hit.result
      else {
        let pending = inflight.get(cep)
        if (!pending) {
          pending = fetchCep(cep).finally(() => inflight.delete(cep))
          inflight.set(cep, pending)
        }
        result = await pending
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string)
        cache.set(cep, { at: Date.now(), result })
      }
      if (!result) throw new CepLookupError('not_found', CEP_NOT_FOUND)
      return result
    },
    clear() {
      cache.clear()
    },
  }
}

export type CepClient = ReturnType<typeof createCepClient>
