import { beforeAll } from 'vitest'
import { BUYER, type Buyer } from './buyer'
import { apiRegister, callApi } from './support'

/**
 * A merchant's setup through the API (register, store, products, payment key) and orders placed as a buyer through
 * the checkout API: what the suites whose subject is a screen start from.
 */

/** The API as one user (null: a buyer with no session); anything but a 2xx throws. */
export type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>

export function apiAs(baseUrl: string, token: string | null): Api {
  return <T>(method: string, path: string, body?: unknown) => callApi<T>(baseUrl, token, method, path, body)
}

export interface Merchant {
  token: string
  api: Api
}

let registered = 0

/** A newly registered merchant; the e-mail, made of the name, is unique to the run. */
export async function createMerchant(baseUrl: string, name: string): Promise<Merchant> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-')
  const email = `${slug}-${Date.now()}-${++registered}@example.com`
  const token = await apiRegister(baseUrl, name, email, 'senha-secreta-1')
  return { token, api: apiAs(baseUrl, token) }
}

export async function createStore(api: Api, name: string): Promise<string> {
  return (await api<{ id: string }>('POST', '/stores', { name })).id
}

interface Dimensions {
  weightGrams: number
  heightCm: number
  widthCm: number
  lengthCm: number
}

export type ProductInput =
  | ({ name: string; price: number; type: 'PHYSICAL'; stock: number; description?: string } & Partial<Dimensions>)
  | { name: string; price: number; type: 'DIGITAL'; digitalFileUrl: string; description?: string }

export async function createProduct(api: Api, storeId: string, product: ProductInput): Promise<string> {
  return (await api<{ id: string }>('POST', `/stores/${storeId}/products`, product)).id
}

/** The store takes payments through the Ativo Pay sandbox (an `sk_sandbox_` key), with any other settings given. */
export async function configureSandbox(api: Api, storeId: string, ativoPayApiKey: string, settings: object = {}) {
  await api('POST', `/payment/ativo-pay/payment-config?storeId=${storeId}`, { ativoPayApiKey, ...settings })
}

export interface DigitalShopOptions {
  store: string
  product: string
  price: number
  /** The merchant's name (by default the store's). */
  merchant?: string
  sandboxKey?: string
}
export type DigitalShop = Merchant & { storeId: string; productId: string }

/** A merchant with one store, a digital product and the sandbox gateway: the setup most buyer-flow suites start from. */
export async function createDigitalShop(baseUrl: string, opts: DigitalShopOptions): Promise<DigitalShop> {
  const merchant = await createMerchant(baseUrl, opts.merchant ?? `Lojista ${opts.store}`)
  const storeId = await createStore(merchant.api, opts.store)
  const productId = await createProduct(merchant.api, storeId, {
    name: opts.product,
    price: opts.price,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.zip',
  })
  await configureSandbox(merchant.api, storeId, opts.sandboxKey ?? 'sk_sandbox_e2e_shop_0001')
  return { ...merchant, storeId, productId }
}

/** A merchant with a 1.2 kg lamp (R$ 150) quoted by Melhor Envio (SEDEX and PAC from São Paulo) and the sandbox gateway. */
export async function createShippingShop(
  baseUrl: string,
  opts: { store: string; merchant: string; email: string; sandboxKey: string },
): Promise<DigitalShop> {
  const merchant = await createMerchant(baseUrl, opts.merchant)
  const storeId = await createStore(merchant.api, opts.store)
  const productId = await createProduct(merchant.api, storeId, {
    name: 'Luminária',
    price: 150,
    type: 'PHYSICAL',
    stock: 5,
    weightGrams: 1200,
    heightCm: 20,
    widthCm: 15,
    lengthCm: 15,
  })
  await configureSandbox(merchant.api, storeId, opts.sandboxKey)
  await merchant.api('PUT', `/stores/${storeId}/shipping/melhor-envio`, {
    token: 'me-test-token',
    originCep: '01310100',
    services: [1, 2],
    sender: {
      name: opts.store,
      document: '52998224725',
      phone: '11987654321',
      email: opts.email,
      address: 'Rua Augusta',
      number: '100',
      district: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
    },
    active: true,
  })
  return { ...merchant, storeId, productId }
}

/** createDigitalShop for the whole file, in its beforeAll: read the fields inside tests (or a later beforeAll). */
export function digitalShopForFile(e2e: { readonly server: { url: string } }, opts: DigitalShopOptions): DigitalShop {
  let shop: DigitalShop | undefined
  beforeAll(async () => {
    shop = await createDigitalShop(e2e.server.url, opts)
  })
  const created = () => {
    if (!shop) throw new Error('digitalShopForFile: the shop is created in beforeAll')
    return shop
  }
  return {
    get token() {
      return created().token
    },
    get api() {
      return created().api
    },
    get storeId() {
      return created().storeId
    },
    get productId() {
      return created().productId
    },
  }
}

/** The address the fake CEP service knows (see startFakeCep), as an order's shipping takes it. */
export const PAULISTA = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  city: 'São Paulo',
  state: 'SP',
}

export interface PlacedOrder {
  orderId: string
  orderNumber: string
  orderPageUrl: string
  paymentResult: { gatewayId: string }
}

/** A digital order placed through the checkout API, as the digital checkout places it. */
export async function placeDigitalOrder(
  baseUrl: string,
  order: { storeId: string; productId: string; customer?: Buyer; method?: string },
): Promise<PlacedOrder> {
  const { storeId, productId, customer = BUYER, method = 'pix' } = order
  return apiAs(baseUrl, null)('POST', '/checkout/create-digital-order', {
    storeId,
    productId,
    customer,
    payment: { method },
  })
}

/** One unit of a physical product, shipped to Avenida Paulista by the store's first shipping option, paid by PIX. */
export async function placePhysicalOrder(
  baseUrl: string,
  order: { storeId: string; productId: string; customer?: Buyer; orderBumps?: string[] },
): Promise<PlacedOrder> {
  const { storeId, productId, customer = BUYER, orderBumps } = order
  const api = apiAs(baseUrl, null)
  const items = [{ productId, quantity: 1 }]
  const quote = await api<{ options: { id: string }[] }>('POST', `/stores/${storeId}/shipping/calculate`, {
    zipCode: PAULISTA.zipCode,
    items,
  })
  return api('POST', '/checkout/create-order', {
    storeId,
    productId,
    productType: 'PHYSICAL',
    customer,
    shipping: { ...PAULISTA, method: quote.options[0].id },
    payment: { method: 'pix' },
    items,
    orderBumps,
  })
}

/** The sandbox pays the order's charge, as 'Simular pagamento' does. */
export async function payInSandbox(baseUrl: string, order: PlacedOrder) {
  const res = await fetch(`${baseUrl}/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (res.status !== 200) throw new Error(`sandbox pay: ${res.status} ${await res.text()}`)
}
