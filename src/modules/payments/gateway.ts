import type { AppConfig } from '../../config'
import { type Clock, systemClock } from '../../platform/clock'
import type { JobQueue } from '../../platform/jobs'
import { asaasGateway } from './asaas-adapter'
import { ativoPayGateway } from './ativopay-adapter'
import {
  createGatewayClient,
  GATEWAY_MESSAGES,
  type GatewayClient,
  GatewayError,
  type GatewayTransport,
  httpTransport,
} from './gateway-client'
import type { Gateway, GatewayProvider } from './gateway-port'
import { sandboxEnabled } from './sandbox'
import { handleSandboxRequest } from './sandbox-contract'
import { sandboxPixAutomatic } from './sandbox-pix-automatic'
import { withSandboxVerification } from './sandbox-verify'
import type { Db } from './tables'

/** What the composition (app.ts, modules/index.ts) hands this module. */
export interface PaymentsModuleDeps {
  /** How the gateway is reached (a test's fake gateway); absent: the transport `config` names (configTransport). */
  gatewayTransport?: GatewayTransport
  /** How Asaas is reached (a test's transport); absent: ASAAS_API_URL over HTTP. */
  asaasTransport?: GatewayTransport
  /** The clock the sandbox's PIX Automático debits by, and the worker's sweep of them (a test's controlled one). */
  clock?: Clock
}

export interface GatewayDeps extends PaymentsModuleDeps {
  db: Db
  config: AppConfig
  /** The built-in sandbox queues its postbacks here (refunds), as the real gateway sends them after answering. */
  jobs?: Pick<JobQueue, 'enqueue'>
}

/**
 * The transport `config` names: ATIVOPAY_API_URL over HTTP (fetch), or — outside production with no URL — the
 * built-in sandbox called in-process (same wire format, no network hop, works in the api, the worker and
 * app.inject tests).
 */
export function configTransport(deps: Omit<GatewayDeps, 'gatewayTransport'>): GatewayTransport {
  const { config } = deps
  if (config.ATIVOPAY_API_URL) return httpTransport(config.ATIVOPAY_API_URL)
  if (sandboxEnabled(config)) return async (req) => handleSandboxRequest({ db: deps.db, config, jobs: deps.jobs }, req)
  return async () => {
    throw new GatewayError('unavailable', GATEWAY_MESSAGES.notConfigured)
  }
}

/** The AtivoPay contract's client over the transport handed in, else over the one config names. */
export function ativoPayClient(deps: GatewayDeps): GatewayClient {
  return createGatewayClient(deps.gatewayTransport ?? configTransport(deps))
}

/**
 * The gateway of a store's configuration-screen key (payment_configs): AtivoPay, or the built-in sandbox when config
 * names no AtivoPay and no transport was handed in.
 */
export function gatewayFor(deps: GatewayDeps): Gateway {
  const provider = !deps.gatewayTransport && sandboxEnabled(deps.config) ? 'sandbox' : 'ativopay'
  if (provider === 'ativopay') return ativoPayGateway(ativoPayClient(deps), provider)
  const transport = configTransport(deps)
  return withSandboxVerification(ativoPayGateway(createGatewayClient(transport), provider, sandboxPix(deps)), transport)
}

/** The built-in sandbox, in-process, whatever ATIVOPAY_API_URL says (a 'sandbox' account); never in production. */
function sandboxTransport(deps: Omit<GatewayDeps, 'gatewayTransport'>): GatewayTransport {
  if (deps.config.NODE_ENV === 'production')
    return async () => {
      throw new GatewayError('unavailable', GATEWAY_MESSAGES.notConfigured)
    }
  return async (req) => handleSandboxRequest({ db: deps.db, config: deps.config, jobs: deps.jobs }, req)
}

/** The adapter for an account's provider. */
export function providerGateway(deps: GatewayDeps, provider: GatewayProvider): Gateway {
  switch (provider) {
    case 'sandbox': {
      const transport = sandboxTransport(deps)
      return withSandboxVerification(
        ativoPayGateway(
          createGatewayClient(transport),
          'sandbox',
          deps.config.NODE_ENV === 'production' ? undefined : sandboxPix(deps),
        ),
        transport,
      )
    }
    case 'asaas':
      return asaasGateway(deps.asaasTransport ?? httpTransport(deps.config.ASAAS_API_URL))
    default:
      return ativoPayGateway(ativoPayClient(deps), 'ativopay')
  }
}

function sandboxPix(deps: Pick<GatewayDeps, 'db' | 'clock'>) {
  const clock = deps.clock ?? systemClock
  return sandboxPixAutomatic(deps.db, () => clock.now())
}
