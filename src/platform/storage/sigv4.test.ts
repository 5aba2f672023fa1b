import { describe, expect, it } from 'vitest'
import { presign, signHeaders, uriEncode } from './sigv4'

// The example of the S3 API reference, "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)".
const docCreds = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
}

describe('sigv4', () => {
  it('presigns the documented example to the documented signature', () => {
    const url = presign(
      docCreds,
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      86400,
      new Date('2013-05-24T00:00:00Z'),
    )
    expect(url).toContain('X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request')
    expect(url).toContain('X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404')
  })

  it('signs a header-authenticated request with an unsigned payload', () => {
    const h = signHeaders(docCreds, 'PUT', new URL('http://127.0.0.1:9000/b/k'), { 'content-length': '3' }, new Date(0))
    expect(h['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD')
    expect(h.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/19700101\/us-east-1\/s3\/aws4_request, SignedHeaders=content-length;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    )
  })

  it('encodes as RFC 3986 asks', () => {
    expect(uriEncode('a b/ç~*')).toBe('a%20b%2F%C3%A7~%2A')
    expect(uriEncode('a b/c', true)).toBe('a%20b/c')
  })
})
