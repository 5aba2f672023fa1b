import type { AppConfig } from '../../config'
import {
  createGatewayClient,
  GATEWAY_MESSAGES,
  type GatewayClient,
  GatewayError,
  type GatewayTransport,
  httpTransport,
} from './gateway-client'
import { handleSandboxRequest, sandboxEnabled } from './sandbox'
import type { Db } from './tables'

export interface GatewayDeps {
  db: Db
  config: AppConfig
}

let override: GatewayTransport | undefined

/** Tests may point the client at a fake server without a new app (reset with undefined). */
export function setGatewayTransportForTests(transport: GatewayTransport | undefined) {
  override = transport
}

/**
 * The client for this process: ATIVOPAY_API_URL over HTTP, or — outside production with no URL — the built-in
 * sandbox called in-process (same wire format, no network hop, works in the api, the worker and app.inject tests).
 */
export function gatewayFor(deps: GatewayDeps): GatewayClient {
  if (override) return createGatewayClient(override)
  const { config } = deps
  if (config.ATIVOPAY_API_URL) return createGatewayClient(httpTransport(config.ATIVOPAY_API_URL))
  if (sandboxEnabled(config)) {
    return createGatewayClient(async (req) => handleSandboxRequest({ db: deps.db, config }, req))
  }
  return createGatewayClient(async () => {
    throw new GatewayError('unavailable', GATEWAY_MESSAGES.notConfigured)
  })
}
