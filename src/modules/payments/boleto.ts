/**
 * Boleto bancário (FEBRABAN layout): the 44-digit bar code and the 47-digit "linha digitável" with its check digits.
 * Bar code: bank(3) currency(1) DV(1) due factor(4) amount(10) free field(25).
 * Line: three fields of the bar code's bank/currency/free field, each with a modulo 10 digit, the general DV,
 * then due factor and amount.
 */

const BASE_DATE_UTC = Date.UTC(1997, 9, 7)
const DAY_MS = 86_400_000

/** Modulo 10 with weights 2,1,2,1… from the right (products above 9 have their digits summed). */
export function mod10(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = Number(digits[i]) * weight
    if (p > 9) p = Math.floor(p / 10) + (p % 10)
    sum += p
    weight = weight === 2 ? 1 : 2
  }
  return (10 - (sum % 10)) % 10
}

/** The bar code's general check digit: modulo 11 with weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const dv = 11 - (sum % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

/** Days since 1997-10-07; since 2025-02-22 the factor restarts at 1000 (FEBRABAN's rollover rule). */
export function dueFactor(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number)
  const days = Math.round((Date.UTC(y!, m! - 1, d!) - BASE_DATE_UTC) / DAY_MS)
  if (days < 1000) throw new Error('due date before the factor range')
  const factor = days <= 9999 ? days : ((days - 10000) % 9000) + 1000
  return String(factor).padStart(4, '0')
}

export interface BoletoInput {
  bankCode: string
  amountCents: number
  /** YYYY-MM-DD */
  dueDate: string
  /** 25 digits chosen by the bank (agreement, our number…). */
  freeField: string
}

export function buildBarcode(input: BoletoInput): string {
  if (!/^\d{3}$/.test(input.bankCode)) throw new Error('bank code must have 3 digits')
  if (!/^\d{25}$/.test(input.freeField)) throw new Error('free field must have 25 digits')
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 9_999_999_999)
    throw new Error('amount out of range')
  const head = `${input.bankCode}9`
  const tail = `${dueFactor(input.dueDate)}${String(input.amountCents).padStart(10, '0')}${input.freeField}`
  return `${head}${mod11(head + tail)}${tail}`
}

/** The 47-digit line a payer types, from a 44-digit bar code. */
export function digitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new Error('bar code must have 44 digits')
  const free = barcode.slice(19)
  const f1 = barcode.slice(0, 4) + free.slice(0, 5)
  const f2 = free.slice(5, 15)
  const f3 = free.slice(15, 25)
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`
}

/** Checks the three field digits and the general digit of a 47-digit line. */
export function isValidDigitableLine(line: string): boolean {
  const digits = line.replace(/\D/g, '')
  if (digits.length !== 47) return false
  const fields: [string, string][] = [
    [digits.slice(0, 9), digits[9]!],
    [digits.slice(10, 20), digits[20]!],
    [digits.slice(21, 31), digits[31]!],
  ]
  if (fields.some(([f, dv]) => String(mod10(f)) !== dv)) return false
  const barcode = lineToBarcode(digits)
  return String(mod11(barcode.slice(0, 4) + barcode.slice(5))) === barcode[4]
}

export function lineToBarcode(line: string): string {
  const d = line.replace(/\D/g, '')
  return d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31)
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE", as printed on a boleto. */
export function formatDigitableLine(line: string): string {
  const d = line.replace(/\D/g, '')
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`
}
