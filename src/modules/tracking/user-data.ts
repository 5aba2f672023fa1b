/**
 * Meta's customer information parameters for the Conversions API: each value normalised as Meta documents
 * (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters)
 * and SHA-256 hashed (lowercase hex). The browser ids (fbp, fbc), the IP and the user agent go unhashed.
 */
import { createHash } from 'node:crypto'

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** Trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * Digits only, with the country code: a Brazilian number typed without it (10 or 11 digits, area code first) gets
 * 55; a leading 0 (trunk prefix) is dropped first. Undefined when too short to be a phone.
 */
export function normalizePhone(phone: string): string | undefined {
  let digits = phone.replace(/\D/g, '').replace(/^0+/, '')
  if (digits.length === 10 || digits.length === 11) digits = `55${digits}`
  return digits.length >= 12 && digits.length <= 15 ? digits : undefined
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '')

/** Names: lowercase, letters only (Meta: no punctuation); accented letters keep their UTF-8 form. */
export function normalizeName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}]/gu, '')
}

/** First name = the first word, last name = the last word (one word: no last name). */
export function splitName(full: string): { fn?: string; ln?: string } {
  const words = full.trim().split(/\s+/).filter(Boolean)
  const fn = words[0] ? normalizeName(words[0]) : ''
  const ln = words.length > 1 ? normalizeName(words[words.length - 1]) : ''
  return { ...(fn ? { fn } : {}), ...(ln ? { ln } : {}) }
}

/** City: lowercase, no spaces or punctuation; accents removed ("São Paulo" → "saopaulo"), as Meta's a-z guidance. */
export function normalizeCity(city: string): string {
  return stripAccents(city.trim().toLowerCase()).replace(/[^a-z]/g, '')
}

/** State: the two-letter code, lowercase ("SP" → "sp"). */
export function normalizeState(state: string): string {
  return stripAccents(state.trim().toLowerCase())
    .replace(/[^a-z]/g, '')
    .slice(0, 2)
}

/** Zip: for Brazil the digits before any dash (CEP "01310-100" → "01310"); a CEP typed without dash, its first 5. */
export function normalizeZip(zip: string): string {
  return zip.trim().split('-')[0].replace(/\D/g, '').slice(0, 5)
}

export interface CustomerFacts {
  email: string
  phone: string
  name: string
  document: string
  address: { city: string; state: string; zipCode: string } | null
}

export interface BrowserFacts {
  clientIp: string | null
  userAgent: string | null
  fbp?: string
  fbc?: string
}

export type UserData = Record<string, string | string[]>

const hashed = (value: string | undefined) => (value ? [sha256(value)] : undefined)

/** The `user_data` object of one server event. external_id: the buyer's CPF digits, else the e-mail. */
export function buildUserData(customer: CustomerFacts, browser: BrowserFacts): UserData {
  const { fn, ln } = splitName(customer.name)
  const email = normalizeEmail(customer.email)
  const document = customer.document.replace(/\D/g, '')
  const fields: Record<string, string[] | string | undefined> = {
    em: hashed(email || undefined),
    ph: hashed(normalizePhone(customer.phone)),
    fn: hashed(fn),
    ln: hashed(ln),
    ct: hashed(customer.address ? normalizeCity(customer.address.city) || undefined : undefined),
    st: hashed(customer.address ? normalizeState(customer.address.state) || undefined : undefined),
    zp: hashed(customer.address ? normalizeZip(customer.address.zipCode) || undefined : undefined),
    country: hashed('br'),
    external_id: hashed(document || email || undefined),
    client_ip_address: browser.clientIp ?? undefined,
    client_user_agent: browser.userAgent ?? undefined,
    fbp: browser.fbp,
    fbc: browser.fbc,
  }
  const out: UserData = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value
  return out
}
