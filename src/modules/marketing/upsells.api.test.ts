import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function req(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: user?.headers })
}

async function store() {
  const owner = await t.login()
  const storeId = (await req('POST', '/api/stores', owner, { name: 'Loja Upsell' })).json().id as string
  return { owner, storeId, base: `/api/stores/${storeId}/upsells` }
}

type Store = Awaited<ReturnType<typeof store>>

async function link(s: Store, body: Record<string, unknown> = {}) {
  const res = await req('POST', s.base, s.owner, {
    title: 'Oferta VIP',
    redirectUrl: 'https://example.com/vip',
    ...body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; active: boolean }
}

async function activeIds(s: Store) {
  const list = (await req('GET', s.base, s.owner)).json() as { id: string; active: boolean }[]
  return list.filter((u) => u.active).map((u) => u.id)
}

describe('upsell links', () => {
  it('creates with the spec defaults, checks name and an http(s) URL', async () => {
    const s = await store()
    const created = await link(s)
    expect(created).toMatchObject({
      description: 'Redirecionamento pós-compra',
      delaySeconds: 3,
      showCountdown: true,
      template: 'SIMPLE',
      buttonText: 'Continuar',
      skipText: 'Pular',
      active: false,
    })
    for (const [body, message] of [
      [{ redirectUrl: 'https://x.com' }, 'Nome é obrigatório'],
      [{ title: 'X' }, 'URL é obrigatória'],
      [{ title: 'X', redirectUrl: 'javascript:alert(1)' }, 'URL inválida: use um endereço http:// ou https://'],
      [{ title: 'X', redirectUrl: 'ftp://x.com/a' }, 'URL inválida: use um endereço http:// ou https://'],
    ] as const) {
      const res = await req('POST', s.base, s.owner, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
    }
    const patch = await req('PATCH', `${s.base}/${created.id}`, s.owner, { redirectUrl: 'data:text/html,x' })
    expect(patch.statusCode).toBe(400)
  })

  it('keeps one active link: activating one deactivates the other, also under concurrent activation', async () => {
    const s = await store()
    const a = await link(s, { active: true })
    const b = await link(s)
    expect(await activeIds(s)).toEqual([a.id])
    expect((await req('PATCH', `${s.base}/${b.id}`, s.owner, { active: true })).statusCode).toBe(200)
    expect(await activeIds(s)).toEqual([b.id])

    const links = [a, b, await link(s), await link(s), await link(s)]
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(links.map((l) => req('PATCH', `${s.base}/${l.id}`, s.owner, { active: true })))
      expect(results.every((r) => r.statusCode === 200)).toBe(true)
      expect(await activeIds(s)).toHaveLength(1)
    }
    // two tabs creating active links at once
    await Promise.all([link(s, { active: true }), link(s, { active: true }), link(s, { active: true })])
    expect(await activeIds(s)).toHaveLength(1)

    const eligible = (await req('GET', `${s.base}/eligible`)).json()
    expect(eligible.upsell.id).toBe((await activeIds(s))[0])
    expect(eligible.upsell).not.toHaveProperty('displayCount')
  })

  it('deactivates, deletes, and answers null when no link is active', async () => {
    const s = await store()
    const a = await link(s, { active: true })
    expect((await req('PATCH', `${s.base}/${a.id}`, s.owner, { active: false })).json().active).toBe(false)
    expect((await req('GET', `${s.base}/eligible`)).json()).toEqual({ upsell: null })
    expect((await req('DELETE', `${s.base}/${a.id}`, s.owner)).statusCode).toBe(204)
    expect((await req('GET', `${s.base}/${a.id}`, s.owner)).statusCode).toBe(404)
  })

  it('is the owner’s only (404 for another merchant)', async () => {
    const s = await store()
    const intruder = await store()
    const a = await link(s)
    for (const [method, url] of [
      ['GET', s.base],
      ['GET', `${s.base}/stats`],
      ['GET', `${s.base}/${a.id}`],
      ['PATCH', `${s.base}/${a.id}`],
      ['DELETE', `${s.base}/${a.id}`],
    ] as const)
      expect(
        (await req(method, url, intruder.owner, method === 'PATCH' ? { active: true } : undefined)).statusCode,
      ).toBe(404)
    expect((await req('PATCH', `${intruder.base}/${a.id}`, intruder.owner, { active: true })).statusCode).toBe(404)
    expect((await req('GET', `${s.base}/${a.id}`, s.owner)).json().active).toBe(false)
  })

  it('counts display, click and skip through the worker, once per visit', async () => {
    const s = await store()
    const a = await link(s, { active: true })
    const visit = { visitId: 'order-visit-000001' }
    await Promise.all(
      Array.from({ length: 30 }, () => req('POST', `${s.base}/${a.id}/track/display`, undefined, visit)),
    )
    await req('POST', `${s.base}/${a.id}/track/click`, undefined, visit)
    await req('POST', `${s.base}/${a.id}/track/skip`)
    await req('POST', `${s.base}/${a.id}/track/skip`)
    expect((await req('POST', `${s.base}/nope/track/click`)).statusCode).toBe(404)
    await t.drain()
    // Click and skip are separate jobs that may finish in either order: wait for both.
    await waitFor(async () => {
      const stats = (await req('GET', `${s.base}/stats`, s.owner)).json()
      return stats.totalSkips === 1 && stats.totalClicks === 1
    })
    expect((await req('GET', `${s.base}/stats`, s.owner)).json()).toEqual({
      totalUpsells: 1,
      activeUpsells: 1,
      totalDisplays: 1,
      totalClicks: 1,
      totalSkips: 1,
      clickRate: 100,
    })
  })
})
