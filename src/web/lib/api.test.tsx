import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, setUnauthorizedHandler, TOKEN_KEY } from './api'

// The client's reactions to an error answer: which 401 ends the session is decided by the answer's code.
const answer = (status: number, body: object) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

afterEach(() => {
  vi.unstubAllGlobals()
  setUnauthorizedHandler(undefined)
  localStorage.clear()
})

describe('api client errors', () => {
  it('carries the status, the message, the field errors and the code of the answer', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        code: 'CURRENT_PASSWORD_WRONG',
        message: 'Senha atual incorreta',
        errors: { currentPassword: 'Senha atual incorreta' },
      }),
    )
    const err = await api.patch('/users/password', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      status: 400,
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Senha atual incorreta',
      errors: { currentPassword: 'Senha atual incorreta' },
    })
  })

  it('the session’s own 401 (UNAUTHENTICATED) logs out', async () => {
    localStorage.setItem(TOKEN_KEY, 'token')
    const loggedOut = vi.fn()
    setUnauthorizedHandler(loggedOut)
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sessão expirada' }))
    await expect(api.get('/stores/me')).rejects.toBeInstanceOf(ApiError)
    expect(loggedOut).toHaveBeenCalledOnce()
  })

  it('a 401 with another code (the gateway refusing the store’s key) keeps the merchant signed in', async () => {
    localStorage.setItem(TOKEN_KEY, 'token')
    const loggedOut = vi.fn()
    setUnauthorizedHandler(loggedOut)
    vi.stubGlobal(
      'fetch',
      answer(401, { statusCode: 401, code: 'GATEWAY_KEY_INVALID', message: 'API Key inválida ou não configurada' }),
    )
    await expect(api.post('/payment/ativo-pay/health', {})).rejects.toMatchObject({ code: 'GATEWAY_KEY_INVALID' })
    expect(loggedOut).not.toHaveBeenCalled()
  })
})
