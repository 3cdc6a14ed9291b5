// The yardstick: a bare node:http endpoint answering a small JSON envelope, nothing else.
// Prints `ready http://127.0.0.1:<port>` like the host, so the benchmark starts both alike.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.stringify({
      code: 0,
      success: true,
      message: '',
      data: { status: 'unpaid', traceId: '3f1c2b4a-0000-4000-8000-000000000000' },
      timestampMs: Date.now(),
    });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`ready http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
