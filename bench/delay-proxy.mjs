// A TCP proxy to 127.0.0.1:<port> that holds each chunk <delayMs> in each direction: a database
// "a network hop away" for bench/server-postgres.mjs. It runs in a process of its own so that its
// timers fire on time: in the bench's process, which also runs the load generator, a 1 ms timer
// fires as late as that busy event loop lets it, and the delay measured would be the bench's.
// Usage: node bench/delay-proxy.mjs <port> <delayMs>; prints the port it listens on, runs until killed.
import { connect, createServer } from 'node:net';

const [port, delayMs] = process.argv.slice(2).map(Number);
if (!Number.isInteger(port) || !(delayMs >= 0)) {
  console.error('usage: node bench/delay-proxy.mjs <port> <delayMs>');
  process.exit(2);
}

const server = createServer((client) => {
  const db = connect(port, '127.0.0.1');
  client.setNoDelay(true);
  db.setNoDelay(true);
  // Timers of one delay fire in the order they were set: the chunks keep their order.
  client.on('data', (d) => setTimeout(() => db.write(d), delayMs));
  db.on('data', (d) => setTimeout(() => client.write(d), delayMs));
  client.on('close', () => db.destroy());
  db.on('close', () => client.destroy());
  client.on('error', () => {});
  db.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
