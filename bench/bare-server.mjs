// The baseline of the server benchmark: a bare node:http server answering a fixed JSON body, the
// least any HTTP service on this machine can do per request. Prints its URL on stdout.
import { createServer } from 'node:http';

const body = JSON.stringify({ success: true, visitor: { id: 1, token: 'x'.repeat(32) }, results: [] });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}/`));
