// The web app's build, in one script (Node.js 20; tools/web-tools.sh installs what it runs):
//
//   node tools/web.mjs build [--dev]        builds the page into dist/
//   node tools/web.mjs serve [--dev] [PORT] builds, then serves dist/ on 127.0.0.1:PORT (8080)
//
// The release build (the default; what CI tests and tools/release.sh ships):
//  1. cargo builds the `qipan` binary for wasm32 with the small `wasm-release` profile;
//  2. wasm-bindgen (the version Cargo.lock pins) writes the JS glue and the wasm;
//  3. wasm-opt -Oz with its inlining bounded (`INLINING`), npm's binaryen 132 (Debian's
//     binaryen 108 emits a wasm that dies in the browser);
//  4. both files are named by a hash of their contents (a new build is never served from a
//     browser's HTTP cache), and index.html gets their preload links, with integrity hashes,
//     and the module script that starts the app and fires `QipanStarted`;
//  5. the icons, the manifest and the service worker are copied; Maddell's solved table is
//     put beside the page (tools/maddell-table-file.sh); the service worker is stamped with
//     this build's files (assets/web/stamp-sw.sh); the crates' licences are written beside
//     them (tools/third-party-licenses.py, THIRD-PARTY-LICENSES.txt, which About links to);
//     every compressible file gets a .br and a .gz beside it (tools/precompress.mjs), for
//     hosts that send them.
// Everything is written into dist.new/, which replaces dist/ only when all of it succeeded:
// a failed build leaves the last dist/ whole.
//
// --dev: the test profile (quick to build), no wasm-opt and no pre-compressed files. `serve`
// builds once; run it again after a change.
//
// This replaced Trunk: Trunk's own build (a web server, a file watcher, an HTTP client) cost
// a fresh machine about 8 CPU-minutes before the first page could be built, and it did the
// steps above and nothing else here (docs/web.md).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const targetDir = resolve(root, process.env.CARGO_TARGET_DIR || 'target');
const dist = join(root, 'dist');

/** The page's static files, copied beside index.html as they are. */
const STATIC = ['icon-32.png', 'icon-192.png', 'icon-512.png', 'manifest.webmanifest', 'sw.js'];
/** wasm-opt's features: those the app's wasm uses (rustc's wasm32 defaults), no others. */
const WASM_FEATURES = [
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
];
/**
 * wasm-opt -Oz inlines every function that has one caller, whatever its size: that made
 * functions of 80 to 130 KB (eframe's frame, epaint's text layout), and V8 compiles a function
 * whole, on the page's thread at its first call and again in its optimising tier, where one
 * took 43 MB for half a second. Only functions up to this size are inlined so: the first
 * board on a phone came 0.3 s sooner, the renderer's peak fell by 17 MB, the wasm shrank by
 * 14 KB (Brotli), and the search's speed did not change (docs/web.md).
 */
const INLINING = ['--one-caller-inline-max-function-size=200'];
/** Where index.html takes the preload links and the start script. */
const MARK = '<!-- qipan:app -->';

function run(cmd, args, options = {}) {
  console.log(`web: ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
}

function fail(message) {
  console.error(`web: ${message}`);
  process.exit(1);
}

/** Subresource integrity (the browser refuses a file that differs from what the page names). */
function integrity(data) {
  return `sha384-${createHash('sha384').update(data).digest('base64')}`;
}

/** Builds the page into dist/; `dev` as described at the top. */
export function build({ dev = false } = {}) {
  const started = Date.now();
  const cargoHome = process.env.CARGO_HOME || join(process.env.HOME || '', '.cargo');
  const bindgen = join(cargoHome, 'bin', 'wasm-bindgen');
  const wasmOpt = join(root, 'e2e', 'node_modules', '.bin', 'wasm-opt');
  // tools/web-tools.sh installs both at their pinned versions (and wasm-bindgen refuses a wasm
  // of another version by itself).
  if (!existsSync(bindgen) || (!dev && !existsSync(wasmOpt))) {
    fail('needs wasm-bindgen-cli and npm\'s wasm-opt: run tools/web-tools.sh');
  }

  const profile = dev ? 'dev' : 'wasm-release';
  run('cargo', ['build', '--locked', '--profile', profile, '--target', 'wasm32-unknown-unknown',
    '--bin', 'qipan']);
  const built = join(targetDir, 'wasm32-unknown-unknown', dev ? 'debug' : profile, 'qipan.wasm');

  const stage = `${dist}.new`;
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  run(bindgen, ['--target', 'web', '--no-typescript',
    '--out-dir', stage, '--out-name', 'qipan', built]);
  if (!dev) {
    const wasm = join(stage, 'qipan_bg.wasm');
    run(wasmOpt, ['-Oz', ...WASM_FEATURES, ...INLINING, '--output', wasm, wasm]);
  }

  // Named by content, so that a new build is fetched anew.
  const wasmData = readFileSync(join(stage, 'qipan_bg.wasm'));
  let jsText = readFileSync(join(stage, 'qipan.js'), 'utf8');
  const hash = createHash('sha256').update(wasmData).update(jsText).digest('hex').slice(0, 16);
  const js = `qipan-${hash}.js`;
  const wasm = `qipan-${hash}_bg.wasm`;
  jsText = jsText.replaceAll("'qipan_bg.wasm'", `'${wasm}'`);
  writeFileSync(join(stage, js), jsText);
  rmSync(join(stage, 'qipan.js'));
  renameSync(join(stage, 'qipan_bg.wasm'), join(stage, wasm));

  const page = readFileSync(join(root, 'index.html'), 'utf8');
  if (!page.includes(MARK)) fail(`index.html has no ${MARK}`);
  const start = [
    `<link rel="modulepreload" href="./${js}" crossorigin="anonymous" integrity="${integrity(jsText)}">`,
    `  <link rel="preload" href="./${wasm}" crossorigin="anonymous" integrity="${integrity(wasmData)}" as="fetch" type="application/wasm">`,
    '  <script type="module">',
    `    import init from './${js}';`,
    `    const wasm = await init({ module_or_path: './${wasm}' });`,
    "    dispatchEvent(new CustomEvent('QipanStarted', { detail: { wasm } }));",
    '  </script>',
  ].join('\n');
  writeFileSync(join(stage, 'index.html'), page.replace(MARK, start));
  for (const name of STATIC) copyFileSync(join(root, 'assets', 'web', name), join(stage, name));

  run('sh', [join(root, 'tools', 'maddell-table-file.sh'), stage]);
  run('sh', [join(root, 'assets', 'web', 'stamp-sw.sh'), stage]);
  // The licences of the crates in the wasm, which the app's About links to: after the
  // service worker's list, since no visitor needs its 1.4 MB to play offline.
  const licences = execFileSync('python3', [join(root, 'tools', 'third-party-licenses.py'),
    'wasm32-unknown-unknown'], { cwd: root, maxBuffer: 64 << 20 });
  writeFileSync(join(stage, 'THIRD-PARTY-LICENSES.txt'), licences);
  if (!dev) {
    const done = precompress(stage);
    const total = (k) => done.reduce((s, d) => s + d[k], 0);
    console.log(`web: ${done.length} files compressed, ${total('raw')} bytes -> ${total('br')} br, ${total('gz')} gz`);
  }

  // Every file index.html names must be there.
  for (const [, ref] of readFileSync(join(stage, 'index.html'), 'utf8').matchAll(/(?:href|src)="([^"]+)"/g)) {
    if (!/^[a-z]+:/.test(ref) && !existsSync(join(stage, ref))) fail(`index.html names ${ref}, which the build lacks`);
  }

  // dist/ is replaced whole, never left half-written.
  const old = `${dist}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(stage, dist);
  rmSync(old, { recursive: true, force: true });
  const files = readdirSync(dist).length;
  console.log(`web: dist/ (${dev ? 'dev' : 'release'}): ${files} files, ${wasm} ${wasmData.length} bytes, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (resolve(process.argv[1] || '') === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  const dev = rest.includes('--dev');
  const port = Number(rest.find((a) => /^\d+$/.test(a)) ?? 8080);
  if (command === 'build') {
    build({ dev });
  } else if (command === 'serve') {
    build({ dev });
    const { serve } = await import('../e2e/serve.mjs');
    const server = await serve(dist, port);
    console.log(`web: serving dist/ on http://127.0.0.1:${server.port}/ (Ctrl-C stops)`);
  } else {
    console.error('usage: node tools/web.mjs build|serve [--dev] [PORT]');
    process.exit(2);
  }
}
