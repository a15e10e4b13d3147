// A small static file server for the browser test. The test starts and stops it itself:
// it takes the site down to check that the app starts offline, and serves another build
// from the same address to check that the service worker never serves a stale one.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // instantiateStreaming needs this exact type.
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.css': 'text/css',
};

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to { port, log, stop }. */
export function serve(dir, port = 0) {
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = join(dir, normalize(path.endsWith('/') ? `${path}index.html` : path));
    try {
      const body = await readFile(file);
      // As a plain static host would: files may be revalidated, never assumed fresh.
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
      log.push(`200 ${path}`);
    } catch {
      res.writeHead(404).end();
      log.push(`404 ${path}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        log,
        stop: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
