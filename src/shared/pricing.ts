/**
 * The price of an order, in integer cents, in one order of operations (README "Pricing"):
 *
 *   items + bumps → coupon → payment-method discount → shipping → installment interest
 *
 * Pure and shared: the server prices every order and every quote with it; the browser only formats what the server
 * answered. Rates are basis points (1% = 100), so no float ever becomes a stored price; the Price-table payment is
 * the one place a power is taken, and it is rounded to the centavo at once.
 */

export interface PricingLine {
  productId: string
  /** The line's price before any discount (unit × quantity). */
  amountCents: number
  /** An order-bump line (a coupon discounts it only when the coupon says so). */
  bump: boolean
}

export interface PricingCoupon {
  type: 'PERCENTAGE' | 'FIXED'
  /** Basis points for PERCENTAGE (10% = 1000), cents for FIXED. */
  value: number
  /** Products the coupon applies to; empty = every product. */
  productIds: readonly string[]
  appliesToBumps: boolean
}

export interface InstallmentRules {
  /** The most installments the store allows (1–24). */
  max: number
  /** Up to this many installments the buyer pays no interest ('sem juros até'); at most `max`. */
  interestFree: number
  /** Monthly interest for longer plans, basis points (2,89% a.m. = 289). */
  monthlyRateBp: number
}

export interface PricingInput {
  lines: readonly PricingLine[]
  coupon?: PricingCoupon | null
  /** The chosen method's discount (PIX, boleto), basis points. */
  methodDiscountBp?: number
  shippingCents?: number
  /** Card installments (1 when not a card payment). */
  installments?: number
  rules?: InstallmentRules
}

export interface PriceBreakdown {
  /** Items + bumps before any discount. */
  subtotalCents: number
  couponDiscountCents: number
  methodDiscountCents: number
  /** The method's discount rate applied (0: none), for the lines that name it. */
  methodDiscountBp: number
  shippingCents: number
  interestCents: number
  /** What the buyer is charged: subtotal − discounts + shipping + interest. */
  totalCents: number
  installments: number
  /** One installment's value; with interest, totalCents = installments × installmentCents exactly. */
  installmentCents: number
  interestFree: boolean
  /** The monthly rate the interest was computed with (0: interest-free). */
  monthlyRateBp: number
  /** Each line's share of the discounts (same order as the input lines); the lines then sum to the goods' price. */
  lineDiscountsCents: number[]
}

const BP = 10_000

/** Half-up rounding of a non-negative cents × bp product, exact in integers. */
function shareOf(cents: number, bp: number): number {
  return Math.floor((cents * bp + BP / 2) / BP)
}

/** The coupon's discount on the lines it covers; never more than those lines cost (a 100% coupon makes them free). */
export function couponDiscount(lines: readonly PricingLine[], coupon: PricingCoupon | null | undefined): number {
  if (!coupon) return 0
  const base = eligibleCents(lines, coupon)
  const discount = coupon.type === 'PERCENTAGE' ? shareOf(base, Math.min(coupon.value, BP)) : coupon.value
  return Math.max(0, Math.min(discount, base))
}

export function eligibleCents(lines: readonly PricingLine[], coupon: PricingCoupon): number {
  return lines.filter((l) => couponCovers(l, coupon)).reduce((sum, l) => sum + l.amountCents, 0)
}

function couponCovers(line: PricingLine, coupon: PricingCoupon): boolean {
  if (line.bump && !coupon.appliesToBumps) return false
  return coupon.productIds.length === 0 || coupon.productIds.includes(line.productId)
}

/**
 * The Price-table (French amortisation) installment: PMT = P·i / (1 − (1+i)^−n), rounded to the centavo.
 * The buyer pays n × that value, so the screen, the charge and the gateway agree to the centavo.
 */
export function priceTableInstallment(principalCents: number, monthlyRateBp: number, n: number): number {
  if (n <= 1 || monthlyRateBp <= 0) return Math.ceil(principalCents / Math.max(1, n))
  const i = monthlyRateBp / BP
  return Math.round((principalCents * i) / (1 - (1 + i) ** -n))
}

/** Whether `n` installments carry interest under the store's rules. */
export function chargesInterest(n: number, rules: InstallmentRules | undefined): boolean {
  return Boolean(rules && n > 1 && n > rules.interestFree && rules.monthlyRateBp > 0)
}

/** Splits `total` over `weights` in proportion, largest remainder first, so the parts sum to `total` exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0 || total <= 0) return weights.map(() => 0)
  const raw = weights.map((w) => (total * w) / sum)
  const parts = raw.map(Math.floor)
  let rest = total - parts.reduce((a, b) => a + b, 0)
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (rest <= 0) break
    parts[i] += 1
    rest -= 1
  }
  return parts
}

export function priceOrder(input: PricingInput): PriceBreakdown {
  const lines = input.lines
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0)
  const couponDiscountCents = couponDiscount(lines, input.coupon)
  const afterCoupon = subtotalCents - couponDiscountCents
  const methodDiscountCents = Math.min(afterCoupon, shareOf(afterCoupon, clampBp(input.methodDiscountBp ?? 0)))
  const goodsCents = afterCoupon - methodDiscountCents
  const shippingCents = Math.max(0, input.shippingCents ?? 0)
  const baseCents = goodsCents + shippingCents
  const installments = Math.max(1, Math.trunc(input.installments ?? 1))
  const interest = chargesInterest(installments, input.rules) && baseCents > 0
  let installmentCents: number
  let totalCents = baseCents
  if (interest) {
    installmentCents = priceTableInstallment(baseCents, input.rules?.monthlyRateBp ?? 0, installments)
    totalCents = installmentCents * installments
  } else {
    installmentCents = Math.ceil(baseCents / installments)
  }
  // Each line's share of both discounts: the coupon's over the lines it covers, the method's over what is left.
  const couponShares = input.coupon
    ? allocate(
        couponDiscountCents,
        lines.map((l) => (couponCovers(l, input.coupon as PricingCoupon) ? l.amountCents : 0)),
      )
    : lines.map(() => 0)
  const methodShares = allocate(
    methodDiscountCents,
    lines.map((l, i) => l.amountCents - couponShares[i]),
  )
  return {
    subtotalCents,
    couponDiscountCents,
    methodDiscountCents,
    methodDiscountBp: methodDiscountCents > 0 ? clampBp(input.methodDiscountBp ?? 0) : 0,
    shippingCents,
    interestCents: totalCents - baseCents,
    totalCents,
    installments,
    installmentCents,
    interestFree: !interest,
    monthlyRateBp: interest ? (input.rules?.monthlyRateBp ?? 0) : 0,
    lineDiscountsCents: lines.map((_, i) => couponShares[i] + methodShares[i]),
  }
}

function clampBp(bp: number): number {
  return Math.max(0, Math.min(BP, Math.trunc(bp)))
}

export interface InstallmentOption {
  installments: number
  installmentCents: number
  totalCents: number
  interestFree: boolean
  /** The monthly rate the plan pays, basis points (0 when interest-free): the label names it. */
  monthlyRateBp: number
}

/** Every plan from 1 to the store's maximum for an amount already discounted and shipped. */
export function installmentOptions(baseCents: number, rules: InstallmentRules): InstallmentOption[] {
  const options: InstallmentOption[] = []
  for (let n = 1; n <= rules.max; n++) {
    const interest = chargesInterest(n, rules) && baseCents > 0
    const installmentCents = interest
      ? priceTableInstallment(baseCents, rules.monthlyRateBp, n)
      : Math.ceil(baseCents / n)
    options.push({
      installments: n,
      installmentCents,
      totalCents: interest ? installmentCents * n : baseCents,
      interestFree: !interest,
      monthlyRateBp: interest ? rules.monthlyRateBp : 0,
    })
  }
  return options
}

/** Percent (two decimals, as typed) ↔ basis points, at the HTTP boundary only. */
export const percentToBp = (percent: number) => Math.round(percent * 100)
export const bpToPercent = (bp: number) => Math.round(bp) / 100

const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\u00a0/g, ' ')

/** Basis points as a Brazilian percent: 299 → '2,99', 500 → '5'. */
export const bpLabel = (bp: number) => (bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })

/** '12x de R$ 9,90 sem juros' or '6x de R$ 20,26 com juros (2,99% a.m.) · total R$ 121,56'. */
export function installmentLabel(o: InstallmentOption): string {
  if (o.installments === 1) return `1x de ${brl(o.totalCents)} sem juros`
  if (o.interestFree) return `${o.installments}x de ${brl(o.installmentCents)} sem juros`
  return `${o.installments}x de ${brl(o.installmentCents)} com juros (${bpLabel(o.monthlyRateBp)}% a.m.) · total ${brl(o.totalCents)}`
}

/** A method's badge ('5% OFF'), or null when it has no discount. */
export function discountBadge(bp: number): string | null {
  if (!bp || bp <= 0) return null
  return `${bpLabel(bp)}% OFF`
}

/** The summary's method-discount line: 'Desconto PIX (5%)', 'Desconto boleto (3%)' ('Desconto PIX' without a rate). */
export function methodDiscountLabel(method: 'PIX' | 'BOLETO', bp?: number): string {
  const name = method === 'PIX' ? 'Desconto PIX' : 'Desconto boleto'
  return bp && bp > 0 ? `${name} (${bpLabel(bp)}%)` : name
}

/** The summary's interest line names the plan: 'Juros (6x de R$ 20,26 · 2,99% a.m.)'. */
export function interestLineLabel(o: Pick<InstallmentOption, 'installments' | 'installmentCents' | 'monthlyRateBp'>) {
  const rate = o.monthlyRateBp > 0 ? ` · ${bpLabel(o.monthlyRateBp)}% a.m.` : ''
  return `Juros (${o.installments}x de ${brl(o.installmentCents)}${rate})`
}

/** What the page tells up front, before any method is chosen: the PIX price and the longest card plan. */
export interface UpFrontPrices {
  /** The total paid with PIX (its discount taken), or null when the store takes no PIX. */
  pixCents: number | null
  pixDiscountBp: number
  /** The longest plan, or null when the card is off or pays only at once. */
  longestPlan: InstallmentOption | null
}

/**
 * The up-front prices of a cart, by the same functions the server prices the order and its quote with (coupon, then
 * the method's discount, then shipping, then the card's interest), so the first paint already tells the buyer the
 * figures the charge will have.
 */
export function upFrontPrices(input: {
  lines: readonly PricingLine[]
  coupon?: PricingCoupon | null
  shippingCents: number
  pix: { enabled: boolean; discountBp: number }
  card: { enabled: boolean; rules: InstallmentRules }
}): UpFrontPrices {
  const { lines, coupon, shippingCents } = input
  const pixCents = input.pix.enabled
    ? priceOrder({ lines, coupon, methodDiscountBp: input.pix.discountBp, shippingCents }).totalCents
    : null
  const cardBase = priceOrder({ lines, coupon, shippingCents }).totalCents
  const plans = input.card.enabled ? installmentOptions(cardBase, input.card.rules) : []
  const longest = plans.at(-1)
  return {
    pixCents,
    pixDiscountBp: input.pix.enabled ? input.pix.discountBp : 0,
    longestPlan: longest && longest.installments > 1 ? longest : null,
  }
}

/** 'R$ 85,41 no PIX'. */
export const pixPriceLabel = (cents: number) => `${brl(cents)} no PIX`

/** 'ou até 12x de R$ 9,90 sem juros' or 'ou até 12x de R$ 11,07 com juros'. */
export const longestPlanLabel = (o: InstallmentOption) =>
  `ou até ${o.installments}x de ${brl(o.installmentCents)} ${o.interestFree ? 'sem juros' : 'com juros'}`
