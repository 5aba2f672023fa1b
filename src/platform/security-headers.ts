import type { FastifyInstance } from 'fastify'

/**
 * The Content-Security-Policy of every answer, the SPA's pages above all.
 *
 * Why this alone keeps the merchant session (a JWT in localStorage) out of reach of merchant-authored HTML on a
 * buyer page, which shares the merchant SPA's origin: reading localStorage takes running script in this origin, and
 * `script-src 'self' https://connect.facebook.net` without 'unsafe-inline' lets no script run but our own bundles
 * (and Facebook's pixel loader, which our code inserts): inline <script>, on* attributes and javascript: URLs that
 * slipped past the sanitiser are refused by the browser, and a script from any other host is not loaded. 'self' does
 * not open a door through uploads: they are images checked by magic bytes, served with their image type and
 * `nosniff`, which browsers refuse to execute. Merchant CSS (a <style>, hence style-src 'unsafe-inline') cannot read
 * storage; `base-uri`, `form-action` and `object-src` close the remaining ways to redirect or embed active content.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://connect.facebook.net",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  // Fonts are self-hosted (fontsource): no font host is trusted.
  "font-src 'self' data:",
  "connect-src 'self' https://www.facebook.com",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    // The checkout must not be framed by another site (clickjacking a payment page); frame-ancestors says it too.
    reply.header('x-frame-options', 'SAMEORIGIN')
    reply.header('cross-origin-opener-policy', 'same-origin')
  })
}
