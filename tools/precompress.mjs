// Writes FILE.br (Brotli, quality 11; 5 for files of several MB) and FILE.gz (gzip -9) next to every compressible file
// of a built site, for hosts that send a pre-compressed file when the browser accepts it
// (qipan-server --site, nginx's brotli_static/gzip_static, e2e/serve.mjs). Images (PNG) are
// compressed already and left alone.
//
// Run by tools/web.mjs after stamp-sw.sh, so that sw.js is compressed with its final
// contents; only for release builds (a debug wasm is large and rebuilt on every change).
// By hand: node tools/precompress.mjs DIR
//
// The service worker's file list (stamp-sw.sh) names the plain files only: the browser asks
// for `x.wasm`, the server chooses the encoding, and the cache keeps the decoded response.
// Old .br/.gz files in DIR are removed first, so none can outlive the file it was made from.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text and WebAssembly. */
export const COMPRESSIBLE = new Set([
  '.wasm', '.js', '.mjs', '.html', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.map',
  // Maddell's solved table (tools/maddell-table-file.sh).
  '.bin',
]);

/**
 * Brotli's quality for a file of `size` bytes: the strongest for the page's own files, 5 for
 * files of several MB (Maddell's 12.7 MB table: 4.34 MB at 5 in 3 s, 3.72 MB at 11 in 100 s,
 * which every build would pay).
 */
function brotliQuality(size) {
  return size > 8_000_000 ? 5 : constants.BROTLI_MAX_QUALITY;
}

/** The files of `dir`, recursively, as paths relative to it. */
function walk(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** The Brotli and gzip forms of `data` (both are deterministic). */
export function compress(data) {
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(data.length),
      // A 16 MB window (the most a browser accepts) sees the whole wasm at once.
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  return { br, gz };
}

/**
 * Writes `.br` and `.gz` next to each compressible file of `dir` (or only those named in
 * `only`, relative paths), after removing every old `.br`/`.gz` there. Returns one
 * { file, raw, br, gz } per file.
 */
export function precompress(dir, only = null) {
  const files = walk(dir);
  for (const f of files) {
    if (f.endsWith('.br') || f.endsWith('.gz')) {
      const base = f.slice(0, -3);
      if (!only || only.includes(base) || !files.includes(base)) rmSync(join(dir, f));
    }
  }
  const done = [];
  for (const f of files) {
    if (!COMPRESSIBLE.has(extname(f).toLowerCase())) continue;
    if (only && !only.includes(f)) continue;
    const data = readFileSync(join(dir, f));
    const { br, gz } = compress(data);
    writeFileSync(join(dir, `${f}.br`), br);
    writeFileSync(join(dir, `${f}.gz`), gz);
    done.push({ file: f, raw: data.length, br: br.length, gz: gz.length });
  }
  return done;
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const dir = process.argv[2];
  if (!dir || !statSync(dir).isDirectory()) {
    console.error('usage: node tools/precompress.mjs DIR');
    process.exit(2);
  }
  const t0 = Date.now();
  const done = precompress(dir);
  const total = (k) => done.reduce((s, d) => s + d[k], 0);
  for (const d of done.filter((d) => d.raw > 50_000)) {
    console.log(`precompress: ${d.file}: ${d.raw} bytes, ${d.br} br, ${d.gz} gz`);
  }
  console.log(`precompress: ${done.length} files, ${total('raw')} bytes -> ${total('br')} br, ${total('gz')} gz (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
