// Child process for `npm run bench:feed`: opens N loopback WebSocket clients to the feed and counts
// the frames they receive, so the server's event loop is measured without the clients' work on it.
// Protocol with the parent (IPC): {url, clients} in; 'ready' out; 'measure' in; {frames, bytes, byType} out.
import WebSocket from 'ws'

process.on('message', async (msg) => {
  if (msg.cmd === 'start') {
    const sockets = []
    const counts = { frames: 0, bytes: 0, byType: {} }
    let counting = false
    await Promise.all(
      Array.from(
        { length: msg.clients },
        () =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(msg.url, { perMessageDeflate: false })
            ws.on('message', (data) => {
              if (!counting) return
              const type = data[0]
              counts.frames += type === 1 || type === 8 ? 1 : 0
              counts.bytes += data.length
              counts.byType[type] = (counts.byType[type] ?? 0) + 1
            })
            ws.once('open', resolve)
            ws.once('error', reject)
            sockets.push(ws)
          }),
      ),
    )
    process.send({ cmd: 'ready' })
    process.once('message', (m) => {
      if (m.cmd !== 'measure') return
      counting = true
      setTimeout(() => {
        counting = false
        process.send({ cmd: 'result', ...counts })
        for (const ws of sockets) ws.terminate()
        setTimeout(() => process.exit(0), 100)
      }, m.ms)
    })
  }
})
