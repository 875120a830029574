// The yardstick of the basic part: a bare Fastify route (no auth, no database) in a process of its own, answering
// the protocol's envelope. With BARE_BODY_FILE it also answers /bare/page with that file's bytes as JSON: the tail of
// a route that does nothing but send an answer as large as a measured page's. Prints its address on stdout once
// listening; ends on SIGTERM.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, msg: 'Success', data: null }));
const bodyFile = process.env.BARE_BODY_FILE;
if (bodyFile) {
  const page = fs.readFileSync(bodyFile);
  app.get('/bare/page', async (_req, reply) => reply.type('application/json; charset=utf-8').send(page));
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
