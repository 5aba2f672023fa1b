/**
 * Can this store sell? The readiness answer (GET /api/stores/:storeId/readiness) and the checklist the merchant reads
 * on the dashboard and the products page, in one place so both say the same thing.
 */
import { z } from 'zod'

export const storeReadinessSchema = z.object({
  /** Payment configured and active, something to sell, and a way to ship it when it is physical. */
  ready: z.boolean(),
  payment: z.object({ ok: z.boolean(), methods: z.array(z.string()) }),
  products: z.object({
    ok: z.boolean(),
    total: z.number(),
    /** Digital products plus physical ones with stock. */
    sellable: z.number(),
    physical: z.number(),
  }),
  shipping: z.object({
    ok: z.boolean(),
    /** Only a store with physical products needs shipping. */
    required: z.boolean(),
    activeOptions: z.number(),
    fallbackEnabled: z.boolean(),
  }),
  checkout: z.object({ customized: z.boolean() }),
})
export type StoreReadiness = z.infer<typeof storeReadinessSchema>

export type ReadinessItemId = 'payment' | 'products' | 'shipping' | 'checkout'

export interface ReadinessItem {
  id: ReadinessItemId
  ok: boolean
  optional: boolean
  title: string
  detail: string
  /** The store page that fixes it (a path under /store/:storeId/). */
  section: string
  action: string
}

const count = (n: number, one: string, many: string) =>
  `${new Intl.NumberFormat('pt-BR').format(n)} ${n === 1 ? one : many}`

/** The checklist lines, in the order a merchant should tackle them. Shipping is left out for a digital-only store. */
export function readinessItems(r: StoreReadiness): ReadinessItem[] {
  const items: ReadinessItem[] = [
    {
      id: 'payment',
      ok: r.payment.ok,
      optional: false,
      title: 'Pagamento configurado e ativo',
      detail: r.payment.ok
        ? `Aceitando ${r.payment.methods.join(', ')}.`
        : 'Cadastre e teste a chave do Ativo Pay e ative ao menos um método. Sem isso, os compradores não conseguem pagar.',
      section: 'payment-configuration',
      action: 'Configurar pagamentos',
    },
    {
      id: 'products',
      ok: r.products.ok,
      optional: false,
      title: 'Pelo menos um produto à venda',
      detail: r.products.ok
        ? `${count(r.products.sellable, 'produto disponível', 'produtos disponíveis')} para compra.`
        : r.products.total > 0
          ? 'Todos os produtos físicos estão sem estoque.'
          : 'Cadastre um produto para ter um link de compra.',
      section: 'products',
      action: r.products.total > 0 ? 'Ver produtos' : 'Adicionar produto',
    },
  ]
  if (r.shipping.required)
    items.push({
      id: 'shipping',
      ok: r.shipping.ok,
      optional: false,
      title: 'Frete para os produtos físicos',
      detail:
        r.shipping.activeOptions > 0
          ? `${count(r.shipping.activeOptions, 'opção de frete ativa', 'opções de frete ativas')}.`
          : r.shipping.fallbackEnabled
            ? 'Nenhuma opção ativa: os compradores verão o frete padrão (R$ 10,00 / R$ 25,00).'
            : 'Nenhuma opção de frete ativa: os compradores não conseguem finalizar a compra de produtos físicos.',
      section: 'shipping',
      action: 'Configurar frete',
    })
  items.push({
    id: 'checkout',
    ok: r.checkout.customized,
    optional: true,
    title: 'Checkout personalizado',
    detail: r.checkout.customized
      ? 'Cores e textos da loja aplicados.'
      : 'Opcional: cores, logo e mensagens da sua loja no checkout.',
    section: 'customize-checkout',
    action: 'Personalizar checkout',
  })
  return items
}
