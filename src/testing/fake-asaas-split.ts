/**
 * The fake Asaas's payment split (docs.asaas.com "Split de pagamentos", "Split em cobranças avulsas", "FAQ do
 * Split"), written from those pages, never from our adapter:
 *
 *   POST /v3/payments { …, split: [{ walletId, fixedValue? , percentualValue? }] }
 *   - every account has a walletId (GET /v3/wallets → { data: [{ id }] }); a split names other accounts' wallets
 *     only: an unknown wallet or the issuing account's own is refused
 *   - each part is a fixed value (reais, two decimals) and/or a percentage of the net value (netValue: the value
 *     after the gateway's fees); fixed and percentual parts may be mixed
 *   - the parts together may not exceed the net value
 *   - the payment answers with its `split` (each part with status PENDING until the payment is received)
 */
import { randomUUID } from 'node:crypto'

type Json = Record<string, unknown>
const err = (code: string, description: string) => ({ errors: [{ code, description }] })
const money = (v: unknown) => typeof v === 'number' && v > 0 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6

/** One wallet per account (access token), made on first sight, as each Asaas account has its own. */
export function fakeWallets() {
  const byAccount = new Map<string, string>()
  const known = new Set<string>()
  return {
    walletOf(account: string): string {
      let id = byAccount.get(account)
      if (!id) {
        id = randomUUID()
        byAccount.set(account, id)
        known.add(id)
      }
      return id
    },
    exists: (id: string) => known.has(id),
  }
}
export type FakeWallets = ReturnType<typeof fakeWallets>

/** The payment's split as Asaas keeps it, or the 400 it answers. Absent or empty: no split. */
export function checkSplit(
  split: unknown,
  netValue: number,
  issuerWallet: string,
  wallets: FakeWallets,
): { error: Json } | { split: Json[] | null } {
  if (split === undefined || split === null || (Array.isArray(split) && split.length === 0)) return { split: null }
  if (!Array.isArray(split)) return { error: err('invalid_split', 'O split deve ser uma lista.') }
  let totalCents = 0
  const parts: Json[] = []
  for (const raw of split as Json[]) {
    const walletId = String(raw?.walletId ?? '')
    if (!walletId) return { error: err('invalid_walletId', 'O walletId do split deve ser informado.') }
    if (!wallets.exists(walletId))
      return { error: err('invalid_walletId', `A carteira ${walletId} não foi encontrada.`) }
    if (walletId === issuerWallet)
      return { error: err('invalid_walletId', 'Não é permitido informar a carteira da própria conta no split.') }
    const { fixedValue, percentualValue } = raw
    if (fixedValue === undefined && percentualValue === undefined)
      return { error: err('invalid_split', 'Informe fixedValue ou percentualValue para cada carteira do split.') }
    if (fixedValue !== undefined && !money(fixedValue))
      return { error: err('invalid_fixedValue', 'O valor fixo do split é inválido.') }
    if (
      percentualValue !== undefined &&
      !(typeof percentualValue === 'number' && percentualValue > 0 && percentualValue <= 100)
    )
      return { error: err('invalid_percentualValue', 'O percentual do split é inválido.') }
    const cents =
      (fixedValue === undefined ? 0 : Math.round((fixedValue as number) * 100)) +
      (percentualValue === undefined ? 0 : Math.floor((netValue * 100 * (percentualValue as number)) / 100))
    totalCents += cents
    parts.push({
      id: randomUUID(),
      walletId,
      fixedValue: fixedValue ?? null,
      percentualValue: percentualValue ?? null,
      totalValue: cents / 100,
      status: 'PENDING',
    })
  }
  if (totalCents > Math.round(netValue * 100))
    return { error: err('invalid_split', 'O valor total do split excede o valor líquido da cobrança.') }
  return { split: parts }
}
