import { Writable } from 'node:stream'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG_REDACT } from '../../app'
import { createTestApp, TEST_REDIS, type TestApp } from '../../testing/test-app'

// Issue 32: after 50 card orders through the gateway accounts (the first one down, so every sale also falls back),
// nothing in the database, in Redis nor in the logs holds a card number or a CVV — only tokens, brands and last digits.
let t: TestApp
/** Every log line the app writes, at its most talkative, through production's redaction. */
let logs = ''
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  t = await createTestApp({ log: pino({ level: 'trace', redact: LOG_REDACT }, sink) })
})
afterAll(() => t.close())

const NUMBER = '4111111111111111'
const CVV = '7391'
/** The CVV as a value of its own (not four digits inside an id, a hash or a timestamp). */
const CVV_ALONE = new RegExp(`(?<![0-9a-zA-Z])${CVV}(?![0-9a-zA-Z])`)
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

describe('card data is never stored', () => {
  it('50 card orders leave no card number nor CVV in the database, Redis or the logs', async () => {
    const { user, storeId } = await t.merchantWithStore()
    for (const [i, apiKey] of ['sk_sandbox_down_card_data', 'sk_sandbox_card_data_0001'].entries()) {
      const res = await t.send('POST', `/api/stores/${storeId}/payment-accounts`, user, {
        provider: 'sandbox',
        label: `Conta ${i + 1}`,
        apiKey,
        methods: ['credit_card'],
      })
      expect(res.statusCode).toBe(201)
    }
    const product = await t.send('POST', `/api/stores/${storeId}/products`, user, {
      name: 'E-book',
      price: 19.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/ebook.pdf',
    })
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/create-digital-order',
        payload: {
          storeId,
          productId: product.json().id,
          productType: 'DIGITAL',
          customer: {
            name: 'Maria Silva',
            email: `buyer${i}@example.com`,
            phone: '(11) 98765-4321',
            cpf: '529.982.247-25',
          },
          shipping: {
            address: 'Avenida Paulista',
            number: '1000',
            city: 'São Paulo',
            state: 'SP',
            zipCode: '01310100',
            method: 'digital',
          },
          payment: {
            method: 'credit_card',
            cardName: 'MARIA SILVA',
            cardNumber: '4111 1111 1111 1111',
            expiryDate: '12/39',
            cvv: CVV,
            installments: 1,
          },
        },
      })
      expect(res.json().paymentResult?.status).toBe('PAID')
    }
    await t.drain()

    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
      t.runtime.db,
    )
    let dump = ''
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ r: string }>`select t::text as r from ${sql.table(table_name)} t`.execute(t.runtime.db)
      dump += rows.rows.map((r) => r.r).join('\n')
    }
    expect(dump).toContain('1111') // last digits are kept, as they should be
    expect(dump.length).toBeGreaterThan(10_000)
    expect(dump).not.toContain(NUMBER)
    expect(dump).not.toMatch(/4111[ .-]?1111[ .-]?1111/)
    expect(dump.replace(UUID, '')).not.toMatch(CVV_ALONE)
    expect(dump).not.toMatch(/"cvv"/i)
    const saved = await sql<{ n: string }>`select count(*) as n from payment_instruments`.execute(t.runtime.db)
    expect(Number(saved.rows[0]!.n)).toBe(50)

    const redis = new Redis(TEST_REDIS)
    try {
      let cursor = '0'
      let values = ''
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.config.QUEUE_PREFIX}*`, 'COUNT', '500')
        cursor = next
        for (const key of keys) {
          const type = await redis.type(key)
          if (type === 'string') values += (await redis.get(key)) ?? ''
          else if (type === 'hash') values += JSON.stringify(await redis.hgetall(key))
          else if (type === 'list') values += (await redis.lrange(key, 0, -1)).join('\n')
          else if (type === 'zset') values += (await redis.zrange(key, '0', '-1')).join('\n')
          else if (type === 'set') values += (await redis.smembers(key)).join('\n')
          else if (type === 'stream') values += JSON.stringify(await redis.xrange(key, '-', '+'))
          values += key
        }
      } while (cursor !== '0')
      expect(values.length).toBeGreaterThan(100)
      expect(values).not.toContain(NUMBER)
      expect(values.replace(UUID, '')).not.toMatch(CVV_ALONE)
    } finally {
      redis.disconnect()
    }

    // The requests themselves were logged (the orders' URLs), and nothing of the card with them.
    expect(logs).toContain('/api/checkout/create-digital-order')
    expect(logs).not.toContain(NUMBER)
    expect(logs).not.toMatch(/4111[ .-]?1111[ .-]?1111/)
    expect(logs.replace(UUID, '')).not.toMatch(CVV_ALONE)
  }, 120_000)
})
