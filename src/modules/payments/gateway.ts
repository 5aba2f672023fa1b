import type { AppConfig } from '../../config'
import type { JobQueue } from '../../platform/jobs'
import {
  createGatewayClient,
  GATEWAY_MESSAGES,
  type GatewayClient,
  GatewayError,
  type GatewayTransport,
  httpTransport,
} from './gateway-client'
import { sandboxEnabled } from './sandbox'
import { handleSandboxRequest } from './sandbox-contract'
import type { Db } from './tables'

/** What the composition (app.ts, modules/index.ts) hands this module. */
export interface PaymentsModuleDeps {
  /** How the gateway is reached (a test's fake gateway); absent: the transport `config` names (configTransport). */
  gatewayTransport?: GatewayTransport
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

/** The gateway client for a call: over the transport handed in, else over the one config names. */
export function gatewayFor(deps: GatewayDeps): GatewayClient {
  return createGatewayClient(deps.gatewayTransport ?? configTransport(deps))
}
