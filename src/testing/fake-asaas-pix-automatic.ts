/**
 * The PIX Automático part of the Asaas fake (fake-asaas.ts), written from Asaas's public reference
 * (docs.asaas.com "Pix Automático", Journey 3), never from our adapter:
 *
 *   POST /v3/pix/automatic/authorizations { customerId, frequency WEEKLY|MONTHLY|QUARTERLY|SEMIANNUALLY|ANNUALLY,
 *   contractId (≤35), startDate, finishDate?, value? xor minLimitValue?, description? (≤35),
 *   immediateQrCode { originalValue, expirationSeconds }, paymentCreationMode MANUAL|SUBSCRIPTION,
 *   retryPolicy NOT_ALLOWED|ALLOW_THREE_IN_SEVEN_DAYS } → CREATED with immediateQrCode { payload, encodedImage,
 *   conciliationIdentifier, expirationDate }; GET …/:id; DELETE …/:id → CANCELLED (cancellationReason
 *   REQUESTED_BY_RECEIVER_USER); paying the QR makes it ACTIVE.
 *   Recurring charges: POST /v3/payments { billingType PIX, pixAutomaticAuthorizationId } on an ACTIVE authorisation
 *   of the same customer (checked here); debited → RECEIVED, no funds → OVERDUE.
 *   Webhooks PIX_AUTOMATIC_RECURRING_AUTHORIZATION_{ACTIVATED,CANCELLED,EXPIRED,REFUSED} with
 *   { id, event, dateCreated, authorization }.
 */
import { randomUUID } from 'node:crypto'

type Json = Record<string, unknown>
type Answer = [number, Json]

/** What the Asaas fake shares with its PIX Automático part: its accounts' customers and payments, and its helpers. */
export interface AsaasFakeCore {
  customers: Map<string, Json & { id: string; account: string }>
  payments: Map<string, Json & { id: string; account: string; value: number }>
  nextId(prefix: string): string
  nextEventId(): string
  err(code: string, description: string): Json
  twoDecimals(v: unknown): boolean
  today(): string
  stamp(): string
}

/** The test side of the fake's PIX Automático (the payer's and the bank's moves). */
export interface FakeAsaasPixAutomatic {
  /** PIX Automático: the payer pays the QR (first charge RECEIVED, authorisation ACTIVE). */
  payAuthorizationQr(id: string): Json
  /** The payer revokes the mandate in the bank app (CANCELLED, REQUESTED_BY_PAYER_USER). */
  revokeAuthorization(id: string): Json
  /** The due date of a recurring charge came: debited (RECEIVED) or not (OVERDUE). */
  debit(paymentId: string, funds: boolean): Json
  authorization(id: string): Json | undefined
  /** Sends one PIX Automático authorisation event to `url` with the merchant's token, as Asaas does. */
  sendAuthorizationWebhook(
    url: string,
    token: string | undefined,
    event: string,
    authorizationId: string,
    eventId?: string,
  ): Promise<{ status: number; eventId: string }>
}

export function asaasPixAutomatic(core: AsaasFakeCore) {
  const { customers, payments, err, twoDecimals, today, stamp } = core
  const authorizations = new Map<string, Json & { id: string; account: string; status: string }>()

  const shown = (a: Json & { account: string }) => {
    const { account: _a, ...rest } = a
    return rest
  }

  function createAuthorization(account: string, b: Json): Answer {
    const customer = customers.get(String(b.customerId))
    if (!customer || customer.account !== account)
      return [400, err('invalid_customerId', 'Cliente inválido ou não informado.')]
    if (!['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY'].includes(String(b.frequency)))
      return [400, err('invalid_frequency', 'Frequência inválida.')]
    if (typeof b.contractId !== 'string' || !b.contractId || b.contractId.length > 35)
      return [400, err('invalid_contractId', 'O identificador do contrato deve ter até 35 caracteres.')]
    if (typeof b.startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(b.startDate))
      return [400, err('invalid_startDate', 'Data de início inválida.')]
    if (b.description !== undefined && String(b.description).length > 35)
      return [400, err('invalid_description', 'A descrição deve ter até 35 caracteres.')]
    if (b.value !== undefined && b.minLimitValue !== undefined)
      return [400, err('invalid_value', 'Informe o valor fixo ou o valor mínimo, não ambos.')]
    if (b.value !== undefined && !twoDecimals(b.value)) return [400, err('invalid_value', 'Valor inválido.')]
    const qr = b.immediateQrCode as Json | undefined
    if (!qr || !twoDecimals(qr.originalValue))
      return [400, err('invalid_immediateQrCode', 'Informe o valor da cobrança imediata.')]
    if (b.paymentCreationMode !== undefined && !['MANUAL', 'SUBSCRIPTION'].includes(String(b.paymentCreationMode)))
      return [400, err('invalid_paymentCreationMode', 'Modo de criação de cobranças inválido.')]
    if (b.retryPolicy !== undefined && !['NOT_ALLOWED', 'ALLOW_THREE_IN_SEVEN_DAYS'].includes(String(b.retryPolicy)))
      return [400, err('invalid_retryPolicy', 'Política de retentativa inválida.')]
    const id = randomUUID()
    const seconds = typeof qr.expirationSeconds === 'number' ? qr.expirationSeconds : 86_400
    const payload = `00020101021226900014br.gov.bcb.pix2568pix.asaas.com/qr/cobv/${id}5204000053039865802BR5905ASAAS6009SAO PAULO80800014br.gov.bcb.pix2558pix.asaas.com/rec/${id}6304ABCD`
    const a = {
      object: 'pixAutomaticAuthorization',
      id,
      account,
      status: 'CREATED',
      customerId: customer.id,
      contractId: b.contractId,
      frequency: b.frequency,
      startDate: b.startDate,
      finishDate: b.finishDate ?? null,
      value: b.value ?? null,
      minLimitValue: b.minLimitValue ?? null,
      description: b.description ?? null,
      paymentCreationMode: b.paymentCreationMode ?? 'MANUAL',
      retryPolicy: b.retryPolicy ?? 'NOT_ALLOWED',
      cancellationReason: null,
      cancellationDate: null,
      immediateQrCode: {
        payload,
        encodedImage: Buffer.from(payload).toString('base64'),
        conciliationIdentifier: `AS${id.replaceAll('-', '').slice(0, 24)}`,
        originalValue: qr.originalValue,
        expirationDate: new Date(Date.now() + seconds * 1000 - 3 * 3600_000)
          .toISOString()
          .replace('T', ' ')
          .slice(0, 19),
      },
    }
    authorizations.set(id, a)
    return [200, shown(a)]
  }

  /** A payment naming a mandate: refused unless the mandate is this account's, ACTIVE, of the same customer, PIX. */
  function checkRecurring(account: string, b: Json, customerId: string): Answer | undefined {
    const mandateId = b.pixAutomaticAuthorizationId
    if (mandateId === undefined) return undefined
    const mandate = authorizations.get(String(mandateId))
    if (!mandate || mandate.account !== account)
      return [400, err('invalid_pixAutomaticAuthorizationId', 'Autorização do Pix Automático não encontrada.')]
    if (mandate.status !== 'ACTIVE')
      return [400, err('invalid_pixAutomaticAuthorizationId', 'A autorização do Pix Automático não está ativa.')]
    if (mandate.customerId !== customerId || b.billingType !== 'PIX')
      return [400, err('invalid_billingType', 'Cobrança do Pix Automático deve ser PIX e do mesmo cliente.')]
    return undefined
  }

  /** The authorisation routes; undefined when the path is not one of them. */
  function route(m: string | undefined, path: string, account: string, body: Json | undefined): Answer | undefined {
    if (m === 'POST' && path === '/v3/pix/automatic/authorizations') return createAuthorization(account, body ?? {})
    const mandate = path.match(/^\/v3\/pix\/automatic\/authorizations\/([^/]+)$/)
    if (!mandate) return undefined
    const a = authorizations.get(mandate[1]!)
    if (!a || a.account !== account) return [404, err('not_found', 'Autorização não encontrada.')]
    if (m === 'GET') return [200, shown(a)]
    if (m === 'DELETE') {
      if (a.status === 'CANCELLED') return [400, err('invalid_action', 'A autorização já está cancelada.')]
      Object.assign(a, {
        status: 'CANCELLED',
        cancellationReason: 'REQUESTED_BY_RECEIVER_USER',
        cancellationDate: today(),
      })
      return [200, shown(a)]
    }
    return undefined
  }

  const testSide: FakeAsaasPixAutomatic = {
    payAuthorizationQr(id) {
      const a = authorizations.get(id)
      if (a?.status !== 'CREATED') throw new Error(`no payable authorization ${id}`)
      const qr = a.immediateQrCode as Json
      const pay = core.nextId('pay')
      payments.set(pay, {
        object: 'payment',
        id: pay,
        account: a.account,
        customer: a.customerId,
        billingType: 'PIX',
        value: qr.originalValue as number,
        status: 'RECEIVED',
        dueDate: today(),
        paymentDate: today(),
        confirmedDate: today(),
        pixTransaction: { conciliationIdentifier: qr.conciliationIdentifier },
        refunds: null,
        deleted: false,
      })
      a.status = 'ACTIVE'
      return shown(a)
    },
    revokeAuthorization(id) {
      const a = authorizations.get(id)
      if (!a) throw new Error(`no authorization ${id}`)
      Object.assign(a, {
        status: 'CANCELLED',
        cancellationReason: 'REQUESTED_BY_PAYER_USER',
        cancellationDate: today(),
      })
      return shown(a)
    },
    debit(paymentId, funds) {
      const p = payments.get(paymentId)
      if (!p) throw new Error(`no payment ${paymentId}`)
      Object.assign(
        p,
        funds ? { status: 'RECEIVED', paymentDate: today(), confirmedDate: today() } : { status: 'OVERDUE' },
      )
      return p
    },
    authorization: (id) => {
      const a = authorizations.get(id)
      return a && shown(a)
    },
    async sendAuthorizationWebhook(url, token, event, authorizationId, eventId = core.nextEventId()) {
      const a = authorizations.get(authorizationId)
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'asaas-access-token': token } : {}) },
        body: JSON.stringify({
          id: eventId,
          event,
          dateCreated: stamp(),
          authorization: a ? shown(a) : { id: authorizationId },
        }),
      })
      return { status: res.status, eventId }
    },
  }

  return { route, checkRecurring, testSide }
}
