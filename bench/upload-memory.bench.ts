// The api's memory while a merchant uploads a large product file (issue 35: streamed, never held whole): the compiled
// api started with the Dockerfile's flags, RSS idle, then sampled every 20 ms during one upload of BENCH_UPLOAD_MB
// (default 200) MB, on the local folder or, with BENCH_STORAGE=s3, through the fake S3.
// Run: npx tsx bench/upload-memory.bench.ts
import { measureUploadMemory } from './support/upload-memory'

const mb = Number(process.env.BENCH_UPLOAD_MB ?? 200)
const r = await measureUploadMemory({ mb, s3: process.env.BENCH_STORAGE === 's3', name: 'bench-upload' })
if (r.status !== 201) throw new Error(`upload answered ${r.status}`)
console.log(
  `upload ${mb} MB to ${r.storage === 's3' ? 'S3 (fake)' : 'local folder'} in ${r.ms} ms: api RSS idle ${r.idleMb.toFixed(1)} MB, peak ${r.peakMb.toFixed(1)} MB (+${(r.peakMb - r.idleMb).toFixed(1)} MB)`,
)
