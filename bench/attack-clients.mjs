// Child process for `npm run bench:attack` (RELIABILITY.md §12): the attackers, kept out of the
// bench's own process so that process stays responsive enough to measure the server. Every socket
// connects from `localAddress` (127.0.0.1) and never reads the server's answers, so whatever the
// server sends piles up in the kernel and in the server.
//   pipeline: each socket writes pipelined `GET / HTTP/1.1` requests until `bytes` are written (or
//             the server stops reading: then the socket just waits, at most 64 KiB queued here);
//   streams:  each socket sends one GET for `path` (an SSE stream), reads only the status line of
//             the answer, then stops reading for good.
// IPC in:  {cmd:'pipeline', port, sockets, bytes, localAddress} -> {cmd:'opened', opened, failed}
//          {cmd:'streams', port, streams, path, headers, localAddress} -> {cmd:'opened', statuses}
//          {cmd:'close'} -> {cmd:'closed', bytesSent, requestsSent, socketErrors}, then exits
import net from 'node:net'

const REQUEST = Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
const CHUNK_REQUESTS = Math.floor((64 * 1024) / REQUEST.length)
const CHUNK = Buffer.concat(Array.from({ length: CHUNK_REQUESTS }, () => REQUEST))
const HEAD_TIMEOUT_MS = 10_000

const sockets = []
let socketErrors = 0

/** A socket that never reads: paused before it connects, so node never starts reading. */
function connect(port, localAddress) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress })
    s.pause()
    s.on('error', () => socketErrors++)
    s.once('connect', () => resolve(s))
    s.once('close', () => resolve(null))
    sockets.push(s)
  })
}

/** Writes pipelined requests until `bytes` are out, waiting for 'drain' between chunks. */
async function flood(s, bytes) {
  let written = 0
  while (written < bytes && !s.destroyed) {
    const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - written))
    written += chunk.length
    if (!s.write(chunk)) {
      const drained = await new Promise((r) => {
        s.once('drain', () => r(true))
        s.once('close', () => r(false))
      })
      if (!drained) return
    }
  }
}

/** Sends the stream request; resolves with the answer's status (or why there is none). */
function openStream(port, localAddress, path, headers) {
  return connect(port, localAddress).then(
    (s) =>
      new Promise((resolve) => {
        if (!s) return resolve('refused')
        let head = ''
        let answered = false
        const done = (status) => {
          if (answered) return
          answered = true
          clearTimeout(timer)
          s.off('data', onData)
          s.pause() // from here on the socket is never read again
          resolve(status)
        }
        const timer = setTimeout(() => done('no answer'), HEAD_TIMEOUT_MS)
        const onData = (chunk) => {
          head += chunk.toString('latin1', 0, Math.min(chunk.length, 64))
          const m = /^HTTP\/1\.1 (\d{3})/.exec(head)
          if (m) done(m[1])
          else if (head.length >= 64) done('bad answer')
        }
        s.on('data', onData)
        s.once('close', () => done('closed'))
        const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`)
        s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${lines.join('')}\r\n`)
        s.resume()
      }),
  )
}

process.on('message', async (msg) => {
  if (msg.cmd === 'pipeline') {
    const opened = await Promise.all(
      Array.from({ length: msg.sockets }, () => connect(msg.port, msg.localAddress)),
    )
    for (const s of opened) if (s) void flood(s, msg.bytes)
    const ok = opened.filter(Boolean).length
    process.send({ cmd: 'opened', opened: ok, failed: msg.sockets - ok })
  } else if (msg.cmd === 'streams') {
    const statuses = {}
    // 50 at a time, like a client in a hurry (a burst of 400 SYNs overflows a small backlog).
    for (let i = 0; i < msg.streams; i += 50) {
      const batch = Array.from({ length: Math.min(50, msg.streams - i) }, () =>
        openStream(msg.port, msg.localAddress, msg.path, msg.headers),
      )
      for (const status of await Promise.all(batch)) statuses[status] = (statuses[status] ?? 0) + 1
    }
    process.send({ cmd: 'opened', statuses })
  } else if (msg.cmd === 'close') {
    let bytesSent = 0
    for (const s of sockets) {
      bytesSent += Math.max(0, s.bytesWritten - s.writableLength)
      s.destroy()
    }
    process.send(
      {
        cmd: 'closed',
        bytesSent,
        requestsSent: Math.floor(bytesSent / REQUEST.length),
        socketErrors,
      },
      () => process.exit(0),
    )
  }
})
