// The baseline: a bare node:http server answering a fixed JSON body, started the same way as the emulator.
import http from 'node:http';

const body = JSON.stringify({
  status: 'ok',
  action: { id: 59001, status: 'completed', user: 'demo', created_at: '2026-11-20T09:12:00.000000+00:00', started_at: '2026-11-20T09:12:00.000000+00:00', completed_at: '2026-11-20T09:13:00.000000+00:00', resource: 'ec206922', resource_type: 'ECS', type: 'create_server', progress: 100 },
});
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
