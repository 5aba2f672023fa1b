import { z } from 'zod'

// The Content-Security-Policy forbids eval (src/platform/security-headers.ts). Zod probes for it with
// `new Function` on first use, which the browser reports as a violation even though Zod catches it: jitless
// skips the probe. Loaded from index.html before the app's entry.
z.config({ jitless: true })
