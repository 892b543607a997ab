// The benches' control (bench/lib/lag.ts): an idle Node process that only measures how late its
// 10 ms timer fires, so a figure taken on a busy shared machine can be read against this floor.
// IPC: 'start' clears the samples, 'stop' answers with {p50, p99, max, samples} and exits.
let lags = []
let expected = performance.now() + 10
let timer
const tick = () => {
  const now = performance.now()
  lags.push(Math.max(0, now - expected))
  expected = now + 10
  timer = setTimeout(tick, 10)
}
timer = setTimeout(tick, 10)
process.on('message', (m) => {
  if (m === 'start') {
    lags = []
    return
  }
  clearTimeout(timer)
  lags.sort((a, b) => a - b)
  const at = (p) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? NaN
  process.send({ p50: at(50), p99: at(99), max: lags.at(-1) ?? NaN, samples: lags.length }, () =>
    process.exit(0),
  )
})
process.send('ready')
