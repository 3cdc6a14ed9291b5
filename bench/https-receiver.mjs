// A callback receiver for the benchmark: HTTPS on loopback answering {"code":"SUCCESS"}.
// Reads its certificate and key from the paths given; prints `ready https://127.0.0.1:<port>`.
import { readFileSync } from 'node:fs';
import https from 'node:https';

const [certFile, keyFile] = process.argv.slice(2);
const server = https.createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"SUCCESS"}'));
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`ready https://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
