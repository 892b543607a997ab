import { setNonce } from 'get-nonce'

// Our CSP allows scripts and styles only by nonce and forbids eval (server/plugins/security.plugin.ts).
// This module is imported first by main.tsx so that every library below is set up before it runs.

// GOTCHA: zod 4 probes for JIT support with `new Function('')` on its first object parse. The CSP blocks
// that probe and the browser reports a violation on every page, so the client runs zod jitless.
// zod keeps its config on globalThis.__zod_globalConfig (shared by every copy; it only creates the
// object when missing, and this sets the flag on whichever object zod holds), so this turns the
// probe off without pulling zod into the first paint: zod loads with the screens that validate.
// tests/e2e/security.spec.ts counts violations.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
;(zodConfig.__zod_globalConfig ??= {}).jitless = true

// GOTCHA: Radix Dialog's scroll lock (react-remove-scroll-bar) injects a <style> tag; without the
// page's nonce the CSP refuses it and logs an error each time a modal opens. Vite writes the nonce
// into <meta property="csp-nonce"> (vite.config.ts html.cspNonce; the server swaps in a fresh one).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
if (nonce) setNonce(nonce)
