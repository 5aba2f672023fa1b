/**
 * PIX "copia e cola" payloads in the EMV® QRCPS / BR Code format of the Banco Central do Brasil
 * ("Manual de Padrões para Iniciação do Pix"): ID-length-value fields closed by a CRC16-CCITT (0x1021, init 0xFFFF).
 */

export interface BrCodeInput {
  /** The receiver's PIX key (EVP/UUID, e-mail, phone +55…, CPF/CNPJ digits); at most 77 characters. */
  pixKey: string
  merchantName: string
  merchantCity: string
  /** Omitted for a code where the payer types the amount. */
  amountCents?: number
  /** Up to 25 letters/digits; '***' when none. */
  txid?: string
  /** Optional text shown to the payer (field 26.02). */
  description?: string
  /** Point of initiation 12: the code is meant for one payment. */
  singleUse?: boolean
}

export const MERCHANT_NAME_MAX = 25
export const MERCHANT_CITY_MAX = 15
export const TXID_MAX = 25
const PIX_GUI = 'br.gov.bcb.pix'

/** One ID-length-value field; the value must fit in 99 characters. */
export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** CRC16-CCITT-FALSE as the BR Code requires: polynomial 0x1021, initial 0xFFFF, 4 uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/**
 * Names and cities in the EMV character set: no accents, letters, digits, spaces and a few marks,
 * cut to the field's length without a trailing space.
 */
export function normalizeText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .\-&/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** Reais with a dot and two decimals, as field 54 wants ("10.50"). */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents <= 0) throw new Error('amount must be a positive number of cents')
  const value = (cents / 100).toFixed(2)
  if (value.length > 13) throw new Error('amount too large for a BR Code')
  return value
}

export function normalizeTxid(txid: string | undefined): string {
  const clean = (txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, TXID_MAX)
  return clean || '***'
}

export function buildBrCode(input: BrCodeInput): string {
  const key = input.pixKey.trim()
  if (!key || key.length > 77) throw new Error('PIX key must have 1 to 77 characters')
  const name = normalizeText(input.merchantName, MERCHANT_NAME_MAX) || 'RECEBEDOR'
  const city = normalizeText(input.merchantCity, MERCHANT_CITY_MAX) || 'BRASILIA'
  let account = tlv('00', PIX_GUI) + tlv('01', key)
  if (input.description) {
    const room = 99 - account.length - 4
    const description = normalizeText(input.description, Math.max(0, room))
    if (description) account += tlv('02', description)
  }
  let payload = tlv('00', '01')
  if (input.singleUse) payload += tlv('01', '12')
  payload += tlv('26', account)
  payload += tlv('52', '0000')
  payload += tlv('53', '986')
  if (input.amountCents !== undefined) payload += tlv('54', formatAmount(input.amountCents))
  payload += tlv('58', 'BR')
  payload += tlv('59', name)
  payload += tlv('60', city)
  payload += tlv('62', tlv('05', normalizeTxid(input.txid)))
  payload += '6304'
  return payload + crc16(payload)
}

/** Splits a payload into its top-level fields (for tests and for checking a code before showing it). */
export function parseBrCode(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  let i = 0
  while (i < payload.length) {
    const id = payload.slice(i, i + 2)
    const len = Number(payload.slice(i + 2, i + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`malformed BR Code at ${i}`)
    fields.set(id, payload.slice(i + 4, i + 4 + len))
    i += 4 + len
  }
  if (i !== payload.length) throw new Error('malformed BR Code length')
  return fields
}

/** True when the last field is a CRC that matches the rest. */
export function hasValidCrc(payload: string): boolean {
  return payload.length > 8 && payload.slice(-8, -4) === '6304' && crc16(payload.slice(0, -4)) === payload.slice(-4)
}
