/**
 * Issue 35: "a 200 MB upload streamed with the api's memory below 150 MB". The compiled api, started with the
 * Dockerfile's command, takes one 200 MB multipart upload while its RSS is read from /proc every 20 ms; the peak must
 * stay under 150 MB. It fails when the upload is buffered (toBuffer, a missing backpressure), when dead socket buffers
 * pile up (storage/reclaim.ts), or when the api loads at start what it does not need (the AWS SDK, pdf-lib, React's
 * e-mail and checkout renderers).
 */
import { expect, it } from 'vitest'
import { measureUploadMemory } from '../../bench/support/upload-memory'

it('streams a 200 MB upload to the local folder with the api under 150 MB of RSS', async () => {
  const r = await measureUploadMemory({ mb: 200, name: 'upload-memory-test' })
  console.log(`api RSS idle ${r.idleMb.toFixed(1)} MB, peak ${r.peakMb.toFixed(1)} MB`)
  expect(r.status).toBe(201)
  expect(r.peakMb).toBeLessThan(150)
}, 180_000)
