// The api's memory while a merchant uploads a large product file (issue 35: streamed, never held whole): the compiled
// api started with the Dockerfile's flags, RSS idle, then sampled every 20 ms during one upload of BENCH_UPLOAD_MB
// (default 200) MB, to the local folder and to S3 (the fake, in its own process), one after the other; BENCH_STORAGE
// (local | s3) runs only one. Figures beside the load average: the machine is shared.
// Run: npx tsx bench/upload-memory.bench.ts
import { loadavg } from 'node:os'
import { measureUploadMemory } from './support/upload-memory'

const mb = Number(process.env.BENCH_UPLOAD_MB ?? 200)
const only = process.env.BENCH_STORAGE
for (const s3 of [false, true].filter((s) => !only || only === (s ? 's3' : 'local'))) {
  const r = await measureUploadMemory({ mb, s3, name: 'bench-upload' })
  if (r.status !== 201) throw new Error(`upload answered ${r.status}`)
  console.log(
    `upload ${mb} MB to ${r.storage === 's3' ? 'S3 (fake)' : 'local folder'} in ${r.ms} ms: api RSS idle ${r.idleMb.toFixed(1)} MB, peak ${r.peakMb.toFixed(1)} MB (+${(r.peakMb - r.idleMb).toFixed(1)} MB), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
}
