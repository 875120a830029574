// The yardstick of the basic part: a bare Fastify route (no auth, no database) in a process of its own, answering
// the protocol's envelope. Prints its address on stdout once listening; ends on SIGTERM.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, msg: 'Success', data: null }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
