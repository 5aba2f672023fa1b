// One-tap offer (issue 34): the time from 'Sim, quero!' (POST /api/orders/:id/offer/accept) to a PAID child order,
// charged on the parent's kept card at the sandbox, against a normal card order (POST create-digital-order with the
// card typed) on the same app — interleaved, one at a time, median of each, side by side, and their ratio (the issue
// asks ≤ 1.5×). In-process (app.inject), the local PostgreSQL, no Redis (in-process jobs). Bounded: BENCH_N pairs
// (default 40) after 5 warm-up pairs. Run: npx tsx bench/funnel-accept.bench.ts
import { performance } from 'node:perf_hooks'
import { createTestApp } from '../src/testing/test-app'

const N = Number(process.env.BENCH_N ?? 40)
const WARMUP = 5

const t = await createTestApp({ redis: false, env: { LOG_LEVEL: 'silent' } })
try {
  const m = await t.merchantWithStore('Bench Funis')
  const send = async (url: string, body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: body as object, headers: m.user.headers })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
  await send(`/api/stores/${m.storeId}/payment-accounts`, {
    provider: 'sandbox',
    label: 'Sandbox',
    apiKey: 'sk_sandbox_bench_funnels_01',
    methods: ['pix', 'credit_card'],
  })
  const product = (name: string, price: number) =>
    send(`/api/stores/${m.storeId}/products`, {
      name,
      price,
      type: 'DIGITAL',
      digitalFileUrl: 'https://x.example/f.pdf',
    })
  const main = (await product('Curso', 97)).id
  const offer = (await product('Mentoria', 297)).id
  await send(`/api/stores/${m.storeId}/funnels`, {
    name: 'Bench',
    triggerProductIds: [main],
    steps: [{ key: 'a', kind: 'upsell', productId: offer, priceCents: 19_700, headline: 'Leve a mentoria' }],
  })

  let n = 0
  async function cardOrder() {
    n++
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: {
        storeId: m.storeId,
        productId: main,
        productType: 'DIGITAL',
        customer: {
          name: 'Maria Silva',
          email: `maria${n}@example.com`,
          phone: '(11) 98765-4321',
          cpf: '529.982.247-25',
        },
        shipping: {
          address: 'Digital',
          number: '0',
          city: 'Digital',
          state: 'DG',
          zipCode: '00000000',
          method: 'digital',
        },
        payment: {
          method: 'credit_card',
          cardName: 'MARIA SILVA',
          cardNumber: '4111111111111111',
          expiryDate: '12/39',
          cvv: '123',
          installments: 1,
        },
      },
    })
    const body = res.json()
    if (body.status !== 'PAID') throw new Error(`card order not paid: ${res.body}`)
    return { id: body.orderId as string, token: new URL(body.orderPageUrl, 'http://x').searchParams.get('t') ?? '' }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const normal: number[] = []
  const accept: number[] = []
  for (let i = 0; i < N + WARMUP; i++) {
    let t0 = performance.now()
    const parent = await cardOrder()
    const normalMs = performance.now() - t0
    // The parent's effects (e-mails, events) finish first, as the normal order's did before it was timed; the page
    // reads the offer (as the buyer's page does), untimed: the tap is what is measured.
    await t.drain()
    await t.app.inject({ url: `/api/orders/${parent.id}/offer?t=${encodeURIComponent(parent.token)}` })
    t0 = performance.now()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${parent.id}/offer/accept?t=${encodeURIComponent(parent.token)}`,
      headers: { 'idempotency-key': `bench-${i}` },
      payload: { stepKey: 'a' },
    })
    const acceptMs = performance.now() - t0
    if (res.json().child?.status !== 'PAID') throw new Error(`child not paid: ${res.body}`)
    if (i >= WARMUP) {
      normal.push(normalMs)
      accept.push(acceptMs)
    }
    await t.drain()
  }
  const a = median(accept)
  const c = median(normal)
  console.log(`normal card order (card typed) → PAID: median ${c.toFixed(1)} ms over ${N}`)
  console.log(`one-tap accept (kept card)   → child PAID: median ${a.toFixed(1)} ms over ${N}`)
  console.log(`ratio accept / normal: ${(a / c).toFixed(2)}× (budget ≤ 1.5×)`)
} finally {
  await t.close()
}
