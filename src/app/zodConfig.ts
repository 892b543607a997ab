import { z } from 'zod'

// GOTCHA: zod 4 probes for JIT support with `new Function('')` on its first object parse. Under our
// CSP (no 'unsafe-eval') that probe is blocked and the browser reports a violation on every page, so
// the client runs zod jitless. Imported first by main.tsx, before any schema is used.
z.config({ jitless: true })
