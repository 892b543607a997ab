import { chromium } from '@playwright/test'
import fs from 'node:fs'
const url = process.argv[2], out = process.argv[3]
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] })
const c = await b.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
const p = await c.newPage()
const s = await c.newCDPSession(p)
await s.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await s.send('Profiler.enable'); await s.send('Profiler.setSamplingInterval', { interval: 200 })
await s.send('Profiler.start')
await p.goto(url)
await p.waitForTimeout(7000)
const { profile } = await s.send('Profiler.stop')
fs.writeFileSync(out, JSON.stringify(profile))
await b.close()
