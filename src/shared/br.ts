/**
 * Brazilian document, phone, postal-code and card helpers shared by the checkout forms and the server.
 * Validators take raw user input (any punctuation) and look only at the digits; formatters work on partial input
 * too, so the same function auto-formats a field while the buyer types.
 */

export const onlyDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '')

const allSameDigit = (digits: string) => /^(\d)\1*$/.test(digits)

// ---------------------------------------------------------------------------------------------------------------
// CPF

export const CPF_LENGTH = 11

/** 11 digits, not all the same digit, both check digits right. */
export function isValidCpf(value: string | null | undefined): boolean {
  const d = onlyDigits(value)
  if (d.length !== CPF_LENGTH || allSameDigit(d)) return false
  const check = (len: number) => {
    let sum = 0
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === Number(d[9]) && check(10) === Number(d[10])
}

/** 000.000.000-00, progressively while typing. */
export function formatCpf(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, CPF_LENGTH)
  if (d.length <= 3) return d
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

// ---------------------------------------------------------------------------------------------------------------
// Phone

/** 10 (landline) or 11 (mobile) digits including the area code. */
export function isValidPhone(value: string | null | undefined): boolean {
  const len = onlyDigits(value).length
  return len === 10 || len === 11
}

/** (99) 99999-9999 for mobiles, (99) 9999-9999 for landlines, progressively while typing. */
export function formatPhone(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11)
  if (d.length === 0) return ''
  if (d.length <= 2) return `(${d}`
  const area = `(${d.slice(0, 2)}) `
  const rest = d.slice(2)
  const split = d.length === 11 ? 5 : 4
  if (rest.length <= split) return area + rest
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`
}

// ---------------------------------------------------------------------------------------------------------------
// CEP

export const CEP_LENGTH = 8

/** 8 digits and not all the same digit. */
export function isValidCep(value: string | null | undefined): boolean {
  const d = onlyDigits(value)
  return d.length === CEP_LENGTH && !allSameDigit(d)
}

/** 00000-000, progressively while typing. */
export function formatCep(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, CEP_LENGTH)
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`
}

// ---------------------------------------------------------------------------------------------------------------
// Card

export const CARD_NUMBER_LENGTH = 16

export function isValidCardNumber(value: string | null | undefined): boolean {
  return onlyDigits(value).length === CARD_NUMBER_LENGTH
}

/** Groups of 4 digits, at most 19 characters. */
export function formatCardNumber(value: string | null | undefined): string {
  return (
    onlyDigits(value)
      .slice(0, CARD_NUMBER_LENGTH)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  )
}

/** MM/AA while typing. */
export function formatCardExpiry(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 4)
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`
}

export type CardExpiryCheck = 'ok' | 'invalid' | 'expired'

/** MM/AA with a month 01-12; a card is valid through the last day of its month. */
export function checkCardExpiry(value: string | null | undefined, now: Date = new Date()): CardExpiryCheck {
  const m = /^(\d{2})\/(\d{2})$/.exec((value ?? '').trim())
  if (!m) return 'invalid'
  const month = Number(m[1])
  const year = 2000 + Number(m[2])
  if (month < 1 || month > 12) return 'invalid'
  const current = now.getFullYear() * 12 + now.getMonth()
  return year * 12 + (month - 1) < current ? 'expired' : 'ok'
}

/** 3 or 4 digits. */
export function isValidCvv(value: string | null | undefined): boolean {
  return /^\d{3,4}$/.test((value ?? '').trim())
}

export function formatCvv(value: string | null | undefined): string {
  return onlyDigits(value).slice(0, 4)
}

// ---------------------------------------------------------------------------------------------------------------
// States (UF) and CEP ranges

export const UFS = [
  { uf: 'AC', name: 'Acre' },
  { uf: 'AL', name: 'Alagoas' },
  { uf: 'AP', name: 'Amapá' },
  { uf: 'AM', name: 'Amazonas' },
  { uf: 'BA', name: 'Bahia' },
  { uf: 'CE', name: 'Ceará' },
  { uf: 'DF', name: 'Distrito Federal' },
  { uf: 'ES', name: 'Espírito Santo' },
  { uf: 'GO', name: 'Goiás' },
  { uf: 'MA', name: 'Maranhão' },
  { uf: 'MT', name: 'Mato Grosso' },
  { uf: 'MS', name: 'Mato Grosso do Sul' },
  { uf: 'MG', name: 'Minas Gerais' },
  { uf: 'PA', name: 'Pará' },
  { uf: 'PB', name: 'Paraíba' },
  { uf: 'PR', name: 'Paraná' },
  { uf: 'PE', name: 'Pernambuco' },
  { uf: 'PI', name: 'Piauí' },
  { uf: 'RJ', name: 'Rio de Janeiro' },
  { uf: 'RN', name: 'Rio Grande do Norte' },
  { uf: 'RS', name: 'Rio Grande do Sul' },
  { uf: 'RO', name: 'Rondônia' },
  { uf: 'RR', name: 'Roraima' },
  { uf: 'SC', name: 'Santa Catarina' },
  { uf: 'SP', name: 'São Paulo' },
  { uf: 'SE', name: 'Sergipe' },
  { uf: 'TO', name: 'Tocantins' },
] as const

export type Uf = (typeof UFS)[number]['uf']

const UF_SET: ReadonlySet<string> = new Set(UFS.map((s) => s.uf))

export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && UF_SET.has(value.toUpperCase())
}

export function ufName(uf: string): string | undefined {
  return UFS.find((s) => s.uf === uf.toUpperCase())?.name
}

/**
 * The Correios CEP ranges per state (inclusive, 8-digit numbers). Public, small and stable; DF and GO, and AM and RR,
 * interleave, hence more than one range for them.
 */
export const CEP_RANGES: ReadonlyArray<{ uf: Uf; from: number; to: number }> = [
  { uf: 'SP', from: 1000000, to: 19999999 },
  { uf: 'RJ', from: 20000000, to: 28999999 },
  { uf: 'ES', from: 29000000, to: 29999999 },
  { uf: 'MG', from: 30000000, to: 39999999 },
  { uf: 'BA', from: 40000000, to: 48999999 },
  { uf: 'SE', from: 49000000, to: 49999999 },
  { uf: 'PE', from: 50000000, to: 56999999 },
  { uf: 'AL', from: 57000000, to: 57999999 },
  { uf: 'PB', from: 58000000, to: 58999999 },
  { uf: 'RN', from: 59000000, to: 59999999 },
  { uf: 'CE', from: 60000000, to: 63999999 },
  { uf: 'PI', from: 64000000, to: 64999999 },
  { uf: 'MA', from: 65000000, to: 65999999 },
  { uf: 'PA', from: 66000000, to: 68899999 },
  { uf: 'AP', from: 68900000, to: 68999999 },
  { uf: 'AM', from: 69000000, to: 69299999 },
  { uf: 'RR', from: 69300000, to: 69399999 },
  { uf: 'AM', from: 69400000, to: 69899999 },
  { uf: 'AC', from: 69900000, to: 69999999 },
  { uf: 'DF', from: 70000000, to: 72799999 },
  { uf: 'GO', from: 72800000, to: 72999999 },
  { uf: 'DF', from: 73000000, to: 73699999 },
  { uf: 'GO', from: 73700000, to: 76799999 },
  { uf: 'RO', from: 76800000, to: 76999999 },
  { uf: 'TO', from: 77000000, to: 77999999 },
  { uf: 'MT', from: 78000000, to: 78899999 },
  // Rondônia's range before 2008; kept so an old but real address is not refused.
  { uf: 'RO', from: 78900000, to: 78999999 },
  { uf: 'MS', from: 79000000, to: 79999999 },
  { uf: 'PR', from: 80000000, to: 87999999 },
  { uf: 'SC', from: 88000000, to: 89999999 },
  { uf: 'RS', from: 90000000, to: 99999999 },
]

/** The state a CEP belongs to, or undefined for an invalid or unassigned CEP. */
export function ufForCep(value: string | null | undefined): Uf | undefined {
  const d = onlyDigits(value)
  if (d.length !== CEP_LENGTH) return undefined
  const n = Number(d)
  return CEP_RANGES.find((r) => n >= r.from && n <= r.to)?.uf
}
