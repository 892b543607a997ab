// Child process for `npm run bench:load`: one autocannon run, so the load generator does not share
// the server's event loop. IPC in: {url, method, seconds, connections, cookies?, body?(wallet) }
// where `cookies` is a list of {cookie, wallet} rotated per request (each wallet has its own rate
// limit bucket) and `post` asks for a fresh message body per request. IPC out: the summary.
import autocannon from 'autocannon'

process.once('message', async (msg) => {
  const { url, method, seconds, connections, identities = [], post = false } = msg
  let n = 0
  const request = {
    method,
    setupRequest(req) {
      const who = identities.length ? identities[n % identities.length] : undefined
      n++
      const headers = { ...req.headers }
      if (who) headers.cookie = who.cookie
      if (post && who) {
        headers['content-type'] = 'application/json'
        return {
          ...req,
          headers,
          body: JSON.stringify({
            walletAddress: who.wallet,
            displayName: 'autocannon',
            content: `autocannon message ${n}`,
          }),
        }
      }
      return { ...req, headers }
    },
  }
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [request],
  })
  process.send({
    requestsPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  })
  setTimeout(() => process.exit(0), 100)
})
