/** The fake Melhor Envio's quotes (fake-melhor-envio.ts): the package the docs' calculate takes and its prices. */
/** The services the sandbox lists for a plain box: id, name, carrier, base price and per-kg price (reais), days. */
export const FAKE_SERVICES = [
  { id: 1, name: 'PAC', company: { id: 1, name: 'Correios' }, base: 18.5, perKg: 4, days: 8 },
  { id: 2, name: 'SEDEX', company: { id: 1, name: 'Correios' }, base: 32.9, perKg: 7.5, days: 3 },
  { id: 3, name: '.Package', company: { id: 2, name: 'Jadlog' }, base: 21, perKg: 3.2, days: 6 },
] as const

export const reais = (n: number) => n.toFixed(2)
export const isCep = (v: unknown) => typeof v === 'string' && /^\d{8}$/.test(v.replace(/\D/g, ''))

export interface Box {
  weight: number
  width: number
  height: number
  length: number
  insurance: number
}

/** The package the documentation's calculate takes: `products` (each with quantity) summed, or one `package`. */
export function boxOf(body: Record<string, unknown>): Box | Record<string, string[]> {
  const products = body.products as Record<string, unknown>[] | undefined
  const pkg = body.package as Record<string, unknown> | undefined
  const options = (body.options ?? {}) as Record<string, unknown>
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v))
  if (Array.isArray(products) && products.length > 0) {
    const errors: Record<string, string[]> = {}
    let weight = 0
    let height = 0
    let width = 0
    let length = 0
    let insurance = 0
    products.forEach((p, i) => {
      for (const f of ['width', 'height', 'length', 'weight'])
        if (!(num(p[f]) > 0)) errors[`products.${i}.${f}`] = [`O campo products.${i}.${f} é obrigatório.`]
      const qty = num(p.quantity ?? 1)
      weight += num(p.weight) * qty
      height += num(p.height) * qty
      width = Math.max(width, num(p.width))
      length = Math.max(length, num(p.length))
      insurance += num(p.insurance_value ?? 0) * qty
    })
    if (Object.keys(errors).length > 0) return errors
    return { weight, height, width, length, insurance }
  }
  if (pkg) {
    const errors: Record<string, string[]> = {}
    for (const f of ['width', 'height', 'length', 'weight'])
      if (!(num(pkg[f]) > 0)) errors[`package.${f}`] = [`O campo package.${f} é obrigatório.`]
    if (Object.keys(errors).length > 0) return errors
    return {
      weight: num(pkg.weight),
      height: num(pkg.height),
      width: num(pkg.width),
      length: num(pkg.length),
      insurance: num(options.insurance_value ?? 0),
    }
  }
  return { products: ['O campo products é obrigatório quando package não está presente.'] }
}

/** Deterministic prices: the farther the destination's first digit from the origin's, the dearer and slower. */
export function calculate(body: Record<string, unknown>) {
  const from = String((body.from as { postal_code?: string } | undefined)?.postal_code ?? '').replace(/\D/g, '')
  const to = String((body.to as { postal_code?: string } | undefined)?.postal_code ?? '').replace(/\D/g, '')
  const box = boxOf(body) as Box
  const wanted =
    typeof body.services === 'string' && body.services.trim() !== ''
      ? new Set(body.services.split(',').map((s) => Number(s.trim())))
      : undefined
  const distance = Math.abs(Number(from[0]) - Number(to[0]))
  return FAKE_SERVICES.filter((s) => !wanted || wanted.has(s.id)).map((s) => {
    const company = { ...s.company, picture: `https://sandbox.melhorenvio.com.br/images/${s.company.name}.png` }
    // Jadlog does not serve the far North (CEPs 69…): the documentation's per-service error entry.
    if (s.id === 3 && to.startsWith('69'))
      return { id: s.id, name: s.name, error: 'Transportadora não atende este trecho.', company }
    const price = s.base + s.perKg * Math.ceil(box.weight) + distance * 1.5 + box.insurance * 0.01
    const days = s.days + distance
    return {
      id: s.id,
      name: s.name,
      price: reais(price),
      custom_price: reais(price),
      discount: '0.00',
      currency: 'R$',
      delivery_time: days,
      delivery_range: { min: days - 1, max: days },
      custom_delivery_time: days,
      custom_delivery_range: { min: days - 1, max: days },
      packages: [
        {
          price: reais(price),
          discount: '0.00',
          format: 'box',
          weight: box.weight.toFixed(2),
          insurance_value: reais(box.insurance),
          dimensions: { height: box.height, width: box.width, length: box.length },
        },
      ],
      additional_services: { receipt: false, own_hand: false, collect: false },
      company,
    }
  })
}
