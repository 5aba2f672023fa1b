// Data the checkout's component tests share (never imported by the pages).
import type { ShippingQuoteDto } from '../../../../shared/checkout'
import type { PublicPaymentMethods } from '../../../../shared/payments'

/** A CPF whose check digits are right. */
export const VALID_CPF = '52998224725'

/** The customer step's values once the buyer typed them (masks applied). */
export const CUSTOMER = { name: 'Ana Souza', email: 'ana@exemplo.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }

export const PAC: ShippingQuoteDto = {
  id: 'pac',
  name: 'PAC',
  description: null,
  price: 19.9,
  originalPrice: 19.9,
  isFree: false,
  estimatedDelivery: '5-7 dias úteis',
  estimatedDays: 7,
}

/** The three methods on, card in up to `maxInstallments`. */
export function paymentMethods(enabled = { pix: true, credit_card: true, bank_slip: true }, maxInstallments = 3) {
  return {
    pix: { enabled: enabled.pix, name: 'PIX', expirationDays: 1 },
    credit_card: {
      enabled: enabled.credit_card,
      name: 'Cartão de Crédito',
      maxInstallments,
      installments: { max: maxInstallments },
    },
    bank_slip: { enabled: enabled.bank_slip, name: 'Boleto Bancário', expirationDays: 3 },
  } satisfies PublicPaymentMethods
}
