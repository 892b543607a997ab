// The control of `npm run bench:attack` (RELIABILITY.md §12): a bare Fastify hello-world in its own
// process, defaults only, one GET route with a small body. The same attack against it shows what
// Node and Fastify cost by themselves, so the app's figures can be read as a ratio to this floor.
// IPC out: {port} once listening on 127.0.0.1.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: 0, host: '127.0.0.1' })
process.send({ port: app.server.address().port })
