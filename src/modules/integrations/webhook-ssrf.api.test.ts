/**
 * SSRF: in production a merchant's webhook can never reach a private, loopback or link-local address — neither at
 * registration (literal or resolved name) nor at connect time (a name that resolves to such an address by then).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'
import { startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { postWebhook } from './webhook-http'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: '0' } })
})
afterAll(async () => {
  await t?.close()
})

describe('webhook SSRF protection in production', () => {
  it('refuses private, loopback, link-local addresses and names resolving to loopback', async () => {
    expect(t.config.NODE_ENV).toBe('production')
    const { user, storeId } = await t.merchantWithStore()
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.1.10/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stores/${storeId}/webhooks`,
        headers: user.headers,
        payload: { url, events: ['order.paid'] },
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().errors.url, url).toBe(WEBHOOK_MESSAGES.privateAddress)
    }
    const http = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/webhooks`,
      headers: user.headers,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['order.paid'] },
    })
    expect(http.json().message).toBe(WEBHOOK_MESSAGES.httpsOnly)
  })

  it('checks the address at connect time: a name that now resolves to loopback is never connected to', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const port = new URL(receiver.url).port
      // Outside production the same call reaches the receiver: the refusal below is the check, not a dead port.
      const allowed = await postWebhook(`http://rebind.example:${port}/hook`, {}, '{}', {
        production: false,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      })
      expect(allowed.status).toBe(200)
      for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254']) {
        const refused = await postWebhook(`http://rebind.example:${port}/hook`, {}, '{}', {
          production: true,
          resolve: async () => [{ address, family: 4 }],
        })
        expect(refused, address).toMatchObject({ status: null, error: WEBHOOK_MESSAGES.privateAddress })
      }
      const literal = await postWebhook(receiver.url, {}, '{}', { production: true })
      expect(literal).toMatchObject({ status: null, error: WEBHOOK_MESSAGES.privateAddress })
      expect(receiver.received).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })
})
