/**
 * Melhor Envio for a store: its connection (token encrypted, shown masked), and real carriers' quotes for a cart.
 * A quote is taken on the server from the catalog's dimensions and kept (shipping_quotes): the buyer page reuses it
 * for 10 minutes, and an order is charged the kept price of the option it names, never a price the browser sent.
 */
import type { AppConfig } from '../../config'
import { decryptSecret, encryptSecret, maskSecret } from '../../platform/crypto'
import type { Db as AnyDb } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { onlyDigits } from '../../shared/br'
import type { ShippingQuote } from '../../shared/checkout'
import { isUuid } from '../../shared/ids'
import {
  type Dimensions,
  isMaskedToken,
  ME_MESSAGES,
  type MelhorEnvioSettings,
  type MelhorEnvioSettingsValues,
  meServiceOf,
} from '../../shared/melhor-envio'
import { toCents, toReais } from '../../shared/money'
import { catalogService } from '../catalog'
import { type MelhorEnvioClient, type MePackage, melhorEnvioClient } from './melhor-envio-client'
import { centsOf, type Markup, packageKey, packageOf, toShippingQuote } from './quote-rules'
import * as repo from './repository'
import type { DbOrTrx } from './tables'

/** The buyer page reuses a package's quote this long (issue 38). */
export const QUOTE_CACHE_MS = 10 * 60_000
/** An order placed this long after its quote is still charged the quoted price; later the buyer quotes again. */
export const QUOTE_HONOURED_MS = 2 * 60 * 60_000

export interface ShippingDeps {
  /** Any module's handle: fulfilment and checkout call in with theirs. */
  db: AnyDb
  config: Pick<AppConfig, 'APP_SECRET' | 'MELHOR_ENVIO_API_URL'>
  /** Tests hand a client of their own; by default one for MELHOR_ENVIO_API_URL. */
  melhorEnvio?: MelhorEnvioClient
  now?: () => Date
  log?: { warn(obj: object, msg: string): void }
}

export const clientOf = (deps: Pick<ShippingDeps, 'config' | 'melhorEnvio'>) =>
  deps.melhorEnvio ?? melhorEnvioClient(deps.config.MELHOR_ENVIO_API_URL)

export type CartItems = readonly { productId: string; quantity: number }[]

export function toSettingsDto(row: repo.SettingsRow | undefined): MelhorEnvioSettings {
  return {
    tokenMasked: row?.token_masked ?? null,
    originCep: row?.origin_cep ?? null,
    services: row?.services ?? [1, 2],
    markup: row
      ? {
          type: row.markup_type,
          value: row.markup_type === 'FIXED' ? toReais(row.markup_amount) : row.markup_amount / 100,
        }
      : { type: 'FIXED', value: 0 },
    freeShippingAbove: row?.free_above_cents == null ? null : toReais(row.free_above_cents),
    sender: row?.sender ?? null,
    zones: row?.zones_mode ?? 'BESIDE',
    active: row?.active ?? false,
  }
}

export async function getSettings(db: DbOrTrx, storeId: string): Promise<MelhorEnvioSettings> {
  return toSettingsDto(await repo.findSettings(db, storeId))
}

/** Saves the connection; an empty or masked token keeps the stored one, and turning it on needs a token. */
export async function saveSettings(
  deps: Pick<ShippingDeps, 'db' | 'config'>,
  storeId: string,
  input: MelhorEnvioSettingsValues,
): Promise<MelhorEnvioSettings> {
  const typed = input.token?.trim()
  const newToken = typed && !isMaskedToken(typed) ? typed : undefined
  const current = await repo.findSettings(deps.db, storeId)
  if (input.active && !newToken && !current?.token_encrypted)
    throw new AppError(400, ME_MESSAGES.tokenFirst, { token: ME_MESSAGES.tokenFirst })
  const row = await repo.upsertSettings(deps.db, {
    store_id: storeId,
    token_encrypted: newToken ? encryptSecret(deps.config.APP_SECRET, newToken) : (current?.token_encrypted ?? null),
    token_masked: newToken ? maskSecret(newToken) : (current?.token_masked ?? null),
    origin_cep: input.originCep,
    services: [...new Set(input.services)],
    markup_type: input.markup.type,
    markup_amount: input.markup.type === 'FIXED' ? toCents(input.markup.value) : Math.round(input.markup.value * 100),
    free_above_cents: input.freeShippingAbove === null ? null : toCents(input.freeShippingAbove),
    sender: input.sender ? JSON.stringify(input.sender) : null,
    zones_mode: input.zones,
    active: input.active,
  })
  return toSettingsDto(row)
}

/** Whether the store quotes real carriers now (an active connection): its physical products then need a size. */
export async function usesRealQuotes(db: DbOrTrx, storeId: string): Promise<boolean> {
  if (!isUuid(storeId)) return false
  const row = await repo.findSettings(db, storeId)
  return Boolean(row?.active && row.token_encrypted)
}

const markupOf = (row: repo.SettingsRow): Markup => ({ type: row.markup_type, amount: row.markup_amount })

/** The store's active connection with its token in clear (for the calls only; never answered or logged). */
export async function activeConnection(
  deps: Pick<ShippingDeps, 'db' | 'config'>,
  storeId: string,
): Promise<{ row: repo.SettingsRow; token: string } | undefined> {
  if (!isUuid(storeId)) return undefined
  const row = await repo.findSettings(deps.db, storeId)
  if (!row?.active || !row.token_encrypted) return undefined
  return { row, token: decryptSecret(deps.config.APP_SECRET, row.token_encrypted) }
}

/** The cart as one box, or why not: a product that is not the store's, or one without weight and size. */
export async function cartPackage(
  db: DbOrTrx,
  storeId: string,
  items: CartItems,
): Promise<{ pkg: MePackage; valueCents: number } | { missing: 'DIMENSIONS' | 'PRODUCT' }> {
  if (items.length === 0 || !items.every((i) => isUuid(i.productId))) return { missing: 'PRODUCT' }
  const products = new Map(
    (await catalogService.findProducts(db, storeId, [...new Set(items.map((i) => i.productId))])).map((p) => [p.id, p]),
  )
  const boxed: { dims: Dimensions; quantity: number }[] = []
  let valueCents = 0
  for (const item of items) {
    const p = products.get(item.productId)
    if (!p) return { missing: 'PRODUCT' }
    if (p.type !== 'PHYSICAL') continue
    const { weightGrams, heightCm, widthCm, lengthCm } = p
    if (!weightGrams || !heightCm || !widthCm || !lengthCm) return { missing: 'DIMENSIONS' }
    boxed.push({ dims: { weightGrams, heightCm, widthCm, lengthCm }, quantity: item.quantity })
    valueCents += p.priceCents * item.quantity
  }
  if (boxed.length === 0) return { missing: 'PRODUCT' }
  return { pkg: packageOf(boxed), valueCents }
}

export interface CarrierQuotes {
  quotes: ShippingQuote[]
  /** Why there is no carrier quote although Melhor Envio is on (the zone table answers instead). */
  unavailable?: 'DIMENSIONS' | 'ERROR'
  /** The merchant offers the carriers instead of the zone table: the zones only when these are empty. */
  instead?: boolean
}

/**
 * Real carriers' options for a cart and CEP: none when the store has no active connection; the kept quotes when
 * younger than 10 minutes; else Melhor Envio's (5 s at most). A failure is reported, never thrown: the checkout
 * then offers the store's zone table.
 */
export async function quoteCarriers(
  deps: ShippingDeps,
  storeId: string,
  zipCode: string,
  items: CartItems,
  subtotalCents: number,
): Promise<CarrierQuotes> {
  const conn = await activeConnection(deps, storeId)
  if (!conn) return { quotes: [] }
  const cart = await cartPackage(deps.db, storeId, items)
  if ('missing' in cart) return { quotes: [], unavailable: 'DIMENSIONS' }
  const now = deps.now?.() ?? new Date()
  const key = {
    storeId,
    originCep: conn.row.origin_cep,
    destinationCep: onlyDigits(zipCode),
    packageKey: packageKey(cart.pkg),
  }
  const rules = { markup: markupOf(conn.row), freeAboveCents: conn.row.free_above_cents }
  const services = conn.row.services
  // Kept for less than QUOTE_CACHE_MS: a quote 9:59 old answers, one 10:00 old is asked of Melhor Envio again.
  let rows = await repo.findQuotes(deps.db, key, new Date(now.getTime() - QUOTE_CACHE_MS + 1), services)
  if (rows.length === 0) {
    try {
      const answer = await clientOf(deps).calculate(conn.token, {
        from: key.originCep,
        to: key.destinationCep,
        package: cart.pkg,
        insuranceValue: toReais(cart.valueCents),
        services,
      })
      const priced = answer.flatMap((e) => {
        const cents = centsOf(e.custom_price ?? e.price)
        const days = e.custom_delivery_time ?? e.delivery_time
        if (e.error || cents === undefined || !days || !services.includes(e.id)) return []
        return [{ serviceId: e.id, name: [e.company?.name, e.name].filter(Boolean).join(' '), priceCents: cents, days }]
      })
      await repo.saveQuotes(deps.db, key, priced, now)
      rows = await repo.findQuotes(deps.db, key, now, services)
    } catch (err) {
      deps.log?.warn({ storeId, err: err instanceof Error ? err.message : String(err) }, 'melhor envio quote failed')
      return { quotes: [], unavailable: 'ERROR' }
    }
  }
  return {
    instead: conn.row.zones_mode === 'INSTEAD',
    quotes: rows.map((r) =>
      toShippingQuote(
        { serviceId: r.service_id, name: r.name, priceCents: r.price_cents, days: r.days },
        rules,
        subtotalCents,
      ),
    ),
  }
}

/**
 * The price an order is charged for a Melhor Envio option: the kept quote for this store, origin, CEP and the cart's
 * own package (from the catalog), taken within QUOTE_HONOURED_MS, with today's markup. Undefined otherwise: the
 * buyer quotes again. No network call: placing an order never waits on Melhor Envio.
 */
export async function honouredCarrierQuote(
  db: DbOrTrx,
  storeId: string,
  optionId: string,
  zipCode: string,
  items: CartItems,
  subtotalCents: number,
  now: Date = new Date(),
): Promise<ShippingQuote | undefined> {
  const serviceId = meServiceOf(optionId)
  if (serviceId === undefined || !isUuid(storeId)) return undefined
  const row = await repo.findSettings(db, storeId)
  if (!row?.active || !row.token_encrypted || !row.services.includes(serviceId)) return undefined
  const cart = await cartPackage(db, storeId, items)
  if ('missing' in cart) return undefined
  const key = {
    storeId,
    originCep: row.origin_cep,
    destinationCep: onlyDigits(zipCode),
    packageKey: packageKey(cart.pkg),
  }
  const [kept] = await repo.findQuotes(db, key, new Date(now.getTime() - QUOTE_HONOURED_MS), [serviceId])
  if (!kept) return undefined
  return toShippingQuote(
    { serviceId, name: kept.name, priceCents: kept.price_cents, days: kept.days },
    { markup: markupOf(row), freeAboveCents: row.free_above_cents },
    subtotalCents,
  )
}
