// A small static file server for the browser test. The test starts and stops it itself:
// it takes the site down to check that the app starts offline, and serves another build
// from the same address to check that the service worker never serves a stale one.
//
// As a host with pre-compressed files does (qipan-server --site, nginx's brotli_static and
// gzip_static): `x.br` for `x` when the request accepts `br`, else `x.gz` when it accepts
// `gzip`, else `x` itself; `Vary: Accept-Encoding` either way. `{ precompressed: false }`
// serves the plain files only, as a host that neither compresses nor knows the .br files.
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
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings the request's Accept-Encoding allows (a q=0 excludes one). */
function accepted(header) {
  const out = new Set();
  for (const part of (header || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/**
 * Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to { port, log, stop }.
 * `log` lists `STATUS PATH` (and the encoding sent, if any) for every request.
 */
export function serve(dir, port = 0, { precompressed = true } = {}) {
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = join(dir, normalize(path.endsWith('/') ? `${path}index.html` : path));
    try {
      const body = await readFile(file);
      // As a plain static host would: files may be revalidated, never assumed fresh.
      const headers = { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' };
      let sent = body;
      if (precompressed) {
        headers.vary = 'Accept-Encoding';
        const ok = accepted(req.headers['accept-encoding']);
        for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
          if (!ok.has(encoding) && !ok.has('*')) continue;
          const packed = await readFile(file + ext).catch(() => null);
          if (packed) {
            headers['content-encoding'] = encoding;
            sent = packed;
            break;
          }
        }
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : sent);
      log.push(`200 ${path}${headers['content-encoding'] ? ` ${headers['content-encoding']}` : ''}`);
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
