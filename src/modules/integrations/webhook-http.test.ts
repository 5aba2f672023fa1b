import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'
import { checkWebhookUrl, isPrivateAddress, newWebhookSecret, webhookHeaders } from './webhook-http'

describe('webhook signing', () => {
  it('signs as the standardwebhooks package verifies, with either secret during a rotation', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()]
    const body = JSON.stringify({ type: 'order.paid', data: { id: 'x' } })
    const headers = webhookHeaders([a, b], 'msg_1', body)
    expect(new Webhook(a).verify(body, headers)).toEqual(JSON.parse(body))
    expect(new Webhook(b).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(a).verify(`${body} `, headers)).toThrow()
  })
})

describe('addresses', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of ['8.8.8.8', '200.147.67.142', '2804:14c::1']) expect(isPrivateAddress(ip), ip).toBe(false)
  })

  it('checks names through the resolver in production only', async () => {
    const loopback = async () => [{ address: '127.0.0.1', family: 4 }]
    const publicIp = async () => [{ address: '200.147.67.142', family: 4 }]
    expect(await checkWebhookUrl('https://erp.example/h', true, loopback)).toBe(WEBHOOK_MESSAGES.privateAddress)
    expect(await checkWebhookUrl('https://erp.example/h', true, publicIp)).toBeUndefined()
    expect(await checkWebhookUrl('https://erp.example/h', false, loopback)).toBeUndefined()
    expect(await checkWebhookUrl('http://localhost:4000/h', false)).toBeUndefined()
    expect(await checkWebhookUrl('http://localhost:4000/h', true)).toBe(WEBHOOK_MESSAGES.httpsOnly)
  })
})

describe('postWebhook against bad receivers', () => {
  it('does not follow a redirect and reads a 10 MB answer only in part', async () => {
    const { createServer } = await import('node:http')
    let redirectedTo = 0
    const server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/target' })
        return res.end()
      }
      if (req.url === '/target') {
        redirectedTo++
        return res.end('ok')
      }
      res.writeHead(200)
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let sent = 0
      const push = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', push)
        }
        res.end()
      }
      push()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    try {
      const { postWebhook } = await import('./webhook-http')
      const redirect = await postWebhook(`http://127.0.0.1:${port}/redirect`, {}, '{}', { production: false })
      expect(redirect.status).toBe(302)
      expect(redirectedTo).toBe(0)
      const big = await postWebhook(`http://127.0.0.1:${port}/big`, {}, '{}', { production: false })
      expect(big.status).toBe(200)
      expect(big.excerpt?.length).toBe(500)
    } finally {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })
})
