// A small closed-loop HTTP load generator over keep-alive connections: `concurrency` requests in flight,
// for `seconds`, counting completed 200s. Runs in its own process so it does not share a core's event loop
// with the server under test.
import http from 'node:http';

export async function load({ url, headers = {}, seconds = 3, concurrency = 16, warmup = 0.5 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  let ok = 0;
  let errors = 0;
  let counting = false;
  let stop = false;
  const one = () =>
    new Promise((resolve) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (counting) {
              if (res.statusCode === 200) ok += 1;
              else errors += 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (counting) errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (!stop) await one();
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((r) => setTimeout(r, warmup * 1000));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  return { rps: Math.round(ok / elapsed), errors };
}
