import {
  createElement,
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { formatCardExpiry, formatCardNumber, formatCvv } from '../../../../../shared/br'
import { toCents } from '../../../../../shared/money'
import { type CardFields, type CheckoutMethodId, cardErrors } from '../../../../../shared/ordering-rules'
import type { PublicPaymentMethods } from '../../../../../shared/payments'
import { installmentLabel, installmentOptions } from '../../../../../shared/pricing'
import { Button } from '../../../../ui/button'
import { Alert, Loading } from '../../../../ui/feedback'
import { Checkbox, Input, Select } from '../../../../ui/field'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useFieldForm } from '../hooks/use-field-form'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import type { Pricing } from '../hooks/use-pricing'
import { rulesOf } from '../summary-figures'
import { CouponField } from './coupon-field'
import type { IconProps } from './icons'
import { BarcodeIcon, CardIcon, QrCodeIcon } from './payment-icons'
import { PixRenewalChoice, type PixRenewalOptions } from './pix-renewal-choice'

export interface PaymentValues {
  method: CheckoutMethodId
  cardName: string
  cardNumber: string
  expiryDate: string
  cvv: string
  installments: number
  /** Only sent when the store keeps cards (credit_card.cardOnFile). */
  saveCard?: boolean
  /** A digital order at a store whose card gateway needs the holder's address (credit_card.holderAddress). */
  holderPostalCode?: string
  holderAddressNumber?: string
}

const HOLDER_ERRORS = {
  postalCode: 'Informe o CEP do titular do cartão (8 dígitos)',
  addressNumber: 'Informe o número do endereço do titular',
} as const

const METHOD_LOOK: Record<CheckoutMethodId, { icon: (p: IconProps) => ReactElement; hint: string }> = {
  pix: { icon: QrCodeIcon, hint: 'Aprovação imediata' },
  credit_card: { icon: CardIcon, hint: 'Em até 12x' },
  bank_slip: { icon: BarcodeIcon, hint: 'Vence em 3 dias úteis' },
}
const ORDER: CheckoutMethodId[] = ['pix', 'credit_card', 'bank_slip']
const EMPTY_CARD: Record<keyof CardFields, string> = { cardName: '', cardNumber: '', expiryDate: '', cvv: '' }

/** subscriptions: a plan's checkout is paid only by the plan's methods, and the card is kept for the renewals. */
export interface PaymentSubscription {
  methods: readonly string[]
  note: string
  /** A free trial: 'Começar teste grátis' instead of 'Finalizar Compra'. */
  payLabel?: string
  /** PIX Automático (issue 36): the PIX option is named and explained as such (plans/pix-automatic.ts). */
  pixAutomatic?: { label: string; hint: string }
  /** A plan offering PIX Automático and the plain PIX: the PIX option is 'PIX' and the buyer chooses between them. */
  pixRenewal?: PixRenewalOptions
}

function enabledMethods(data: PublicPaymentMethods | undefined, only?: readonly string[]): CheckoutMethodId[] {
  return data ? ORDER.filter((m) => data[m]?.enabled && (!only || only.includes(m))) : []
}

/**
 * Step 3 (2 for digital): the store's methods as cards (the only one, or the first — PIX — chosen by default),
 * card fields and installments for credit card, the bank-slip note; submits the order.
 */
export function PaymentStep({
  storeId,
  pricing,
  amount,
  submitting,
  error,
  onBack,
  onSubmit,
  digital = false,
  subscription,
}: {
  storeId: string
  /** A digital order: no delivery address, so the card holder's is asked when the gateway needs it. */
  digital?: boolean
  /** The server's quote and the buyer's coupon, method and plan (use-pricing). */
  pricing: Pricing
  amount: number
  submitting: boolean
  error: string | undefined
  onBack: () => void
  onSubmit: (payment: PaymentValues) => void
  subscription?: PaymentSubscription
}) {
  const methods = usePaymentMethods(storeId)
  const only = subscription?.methods
  const available = useMemo(() => enabledMethods(methods.data?.data, only), [methods.data, only])
  const { method, setMethod, installments, setInstallments, lastQuote: quote } = pricing
  const card = useFieldForm<keyof CardFields>(EMPTY_CARD, cardErrors)
  const [saveCard, setSaveCard] = useState(true)
  const [holder, setHolder] = useState({ postalCode: '', addressNumber: '' })
  const [holderErrors, setHolderErrors] = useState<{ postalCode?: string; addressNumber?: string }>({})
  const ref = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(ref)

  // Auto-selection: the only method, or the first one while none is chosen.
  useEffect(() => {
    if (available.length === 0) return
    if (!method || !available.includes(method)) setMethod(available[0])
  }, [available, method, setMethod])

  if (methods.isPending) return <Loading message="Carregando formas de pagamento..." />
  if (methods.isError || available.length === 0) {
    const failed = methods.isError
    return (
      <div className="ck-card ck-step">
        <Alert tone="warning">
          <strong>Métodos de pagamento indisponíveis</strong>
          <br />
          {failed
            ? 'Erro ao carregar métodos de pagamento. Tente novamente.'
            : 'Nenhum método de pagamento disponível para esta loja'}
          . Entre em contato com o suporte.
        </Alert>
        <div className="ck-actions">
          <Button variant="secondary" onClick={onBack}>
            Voltar
          </Button>
          {failed && <Button onClick={() => methods.refetch()}>Tentar novamente</Button>}
        </div>
      </div>
    )
  }

  const data = methods.data!.data
  const maxInstallments = Math.max(1, data.credit_card.maxInstallments || 12)
  const interestFree = Math.min(data.credit_card.installments.interestFree ?? maxInstallments, maxInstallments)
  const badgeOf = (m: CheckoutMethodId) =>
    m === 'pix' ? quote?.methods.pix.badge : m === 'bank_slip' ? quote?.methods.bank_slip.badge : null
  // The plans' labels are the server's ('3x de R$ 33,30 sem juros', '6x de R$ 20,26 com juros (2,99% a.m.) · total
  // R$ 121,56'); before it answers, the same labels over the same pricing (the card pays no method discount).
  const plans =
    quote?.methods.credit_card.options ??
    installmentOptions(pricing.cardBaseCents ?? toCents(amount), rulesOf(data)).map((o) => ({
      installments: o.installments,
      label: installmentLabel(o),
    }))
  const slipDays = data.bank_slip.expirationDays || 3

  function moveWithArrows(e: KeyboardEvent<HTMLDivElement>) {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key]
    if (!delta || !method) return
    e.preventDefault()
    const next = available[(available.indexOf(method) + delta + available.length) % available.length]
    setMethod(next)
    e.currentTarget.querySelector<HTMLElement>(`[data-method="${next}"]`)?.focus()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!method) return
    const asksHolder = method === 'credit_card' && digital && data.credit_card.holderAddress === true
    const holderFaults = asksHolder
      ? {
          ...(holder.postalCode.replace(/\D/g, '').length !== 8 ? { postalCode: HOLDER_ERRORS.postalCode } : {}),
          ...(!holder.addressNumber.trim() ? { addressNumber: HOLDER_ERRORS.addressNumber } : {}),
        }
      : {}
    setHolderErrors(holderFaults)
    const cardOk = method !== 'credit_card' || card.validate()
    if (!cardOk || Object.keys(holderFaults).length > 0) {
      focusFirstInvalid()
      return
    }
    const keeps = method === 'credit_card' && (subscription !== undefined || data.credit_card.cardOnFile === true)
    onSubmit({
      method,
      ...card.values,
      // A renewal charges one period at a time: a subscription is never split in installments.
      installments: method === 'credit_card' && !subscription ? installments : 1,
      ...(keeps ? { saveCard: subscription !== undefined || saveCard } : {}),
      ...(asksHolder
        ? { holderPostalCode: holder.postalCode.replace(/\D/g, ''), holderAddressNumber: holder.addressNumber.trim() }
        : {}),
    })
  }

  return (
    <form ref={ref} className="ck-card ck-step" onSubmit={submit} noValidate>
      <h2 className="ck-card-title">Forma de pagamento</h2>
      <CouponField coupon={pricing.coupon} discount={quote?.couponDiscount} />
      <div className="ck-methods" role="radiogroup" aria-label="Forma de pagamento" onKeyDown={moveWithArrows}>
        {available.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={method === m}
            // One tab stop for the group, on the chosen method; the arrows move between methods (WAI-ARIA radio group).
            tabIndex={method === m ? 0 : -1}
            data-method={m}
            className={`ck-method${method === m ? ' ck-method-selected' : ''}`}
            onClick={() => setMethod(m)}
          >
            <span className="ck-method-icon" aria-hidden>
              {createElement(METHOD_LOOK[m].icon, { size: 22 })}
            </span>
            <span className="ck-method-name">
              {m === 'pix' && subscription?.pixAutomatic && !subscription.pixRenewal
                ? subscription.pixAutomatic.label
                : data[m].name}
              {badgeOf(m) && <span className="ck-method-badge">{badgeOf(m)}</span>}
            </span>
            <span className="ck-muted ck-method-hint">
              {m === 'credit_card' && subscription
                ? 'Cobrança a cada período'
                : m === 'credit_card'
                  ? interestFree > 1
                    ? `Em até ${maxInstallments}x${interestFree >= maxInstallments ? ' sem juros' : ` · ${interestFree}x sem juros`}`
                    : `Em até ${maxInstallments}x`
                  : m === 'bank_slip'
                    ? `Vence em ${slipDays} dias úteis`
                    : METHOD_LOOK[m].hint}
            </span>
          </button>
        ))}
      </div>

      {method === 'pix' && subscription?.pixRenewal && <PixRenewalChoice options={subscription.pixRenewal} />}
      {method === 'pix' && subscription?.pixAutomatic && subscription.pixRenewal?.chosen !== 'plain' && (
        <div className="ck-info" data-testid="pix-automatic-note">
          {subscription.pixAutomatic.hint}. O QR Code aparece assim que você finalizar o pedido.
        </div>
      )}
      {method === 'pix' && (!subscription?.pixAutomatic || subscription.pixRenewal?.chosen === 'plain') && (
        <div className="ck-info">O código PIX (QR Code e copia e cola) aparece assim que você finalizar o pedido.</div>
      )}
      {method === 'bank_slip' && (
        <div className="ck-info">
          O boleto vence em {slipDays} dias úteis. Após o pagamento, a compensação pode levar até 3 dias úteis.
        </div>
      )}
      {method === 'credit_card' && (
        <div className="ck-card-fields">
          <Input label="Nome no cartão" autoComplete="cc-name" {...card.bind('cardName', (v) => v.toUpperCase())} />
          <Input
            label="Número do cartão"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={19}
            {...card.bind('cardNumber', formatCardNumber)}
          />
          <div className="ck-row">
            <Input
              label="Validade"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              maxLength={5}
              {...card.bind('expiryDate', formatCardExpiry)}
            />
            <Input
              label="CVV"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...card.bind('cvv', formatCvv)}
            />
          </div>
          {digital && data.credit_card.holderAddress && (
            <div className="ck-row">
              <Input
                label="CEP do titular"
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="00000-000"
                maxLength={9}
                value={holder.postalCode}
                error={holderErrors.postalCode}
                aria-invalid={holderErrors.postalCode ? true : undefined}
                onChange={(e) => {
                  const d = e.target.value.replace(/\D/g, '').slice(0, 8)
                  setHolder((h) => ({ ...h, postalCode: d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d }))
                }}
              />
              <Input
                label="Número"
                autoComplete="address-line2"
                maxLength={10}
                value={holder.addressNumber}
                error={holderErrors.addressNumber}
                aria-invalid={holderErrors.addressNumber ? true : undefined}
                onChange={(e) => setHolder((h) => ({ ...h, addressNumber: e.target.value }))}
              />
            </div>
          )}
          {subscription ? (
            <div className="ck-info" data-testid="subscription-card-note">
              {subscription.note}
            </div>
          ) : (
            <Select
              label="Parcelas"
              name="installments"
              value={installments}
              onChange={(e) => setInstallments(Number(e.target.value))}
            >
              {plans.map((p) => (
                <option key={p.installments} value={p.installments}>
                  {p.installments === 1 ? `${p.label} (à vista)` : p.label}
                </option>
              ))}
            </Select>
          )}
          {data.credit_card.cardOnFile && !subscription && (
            <div className="ck-save-card">
              <Checkbox
                label="Salvar cartão para próximas compras nesta loja"
                checked={saveCard}
                onChange={(e) => setSaveCard(e.target.checked)}
              />
              <p className="ck-muted">
                A loja guarda apenas um código do cartão (nunca o número nem o CVV) para compras com um clique.
              </p>
            </div>
          )}
        </div>
      )}

      {error && <Alert tone="danger">{error}</Alert>}
      <div className="ck-actions">
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          Voltar
        </Button>
        <Button type="submit" size="lg" loading={submitting} loadingText="Processando...">
          {subscription?.payLabel ?? 'Finalizar Compra'}
        </Button>
      </div>
    </form>
  )
}
