// Counts the project's source files a refund passes through, as it happens: from the cashier's
// "Devolver" on the history screen, through the form and its confirmation, the main process,
// counter.db, the service (in the same process, the embedded sandbox) and back to the screen's
// "Devolução de R$ 2,34 enviada".
//
//   node scripts/count-refund-path.mjs [--list]
//
// How: the app is built with source maps into a folder of its own, the browser host runs from it
// under the inspector, and Chromium drives its page. V8's precise coverage is taken on both sides
// (the host through its inspector, the page through Playwright): reset just before "Devolver" and
// read once the refund shows as sent. Every function that ran in that window is mapped back
// through the source maps to its file under src/; the count is of those files. Anything else the
// app did in the same seconds (the status bar's clock, a push of the sale) counts too: the window
// is kept to the refund's own steps, and the list (--list) shows what ran.
//
// Plain JavaScript, so the same file can be run on an older commit of the project for a before.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';

/** The idle window's least length: long enough for the service's periodic sweepers to run in it. */
const IDLE_MS = 5_000;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the project, so the build's external packages resolve from its node_modules.
mkdirSync(join(ROOT, '.tools'), { recursive: true });
const work = mkdtempSync(join(ROOT, '.tools', 'refund-path-'));
const outDir = join(work, 'out');

function run(command, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} exited ${code}`))));
  });
}

/** The built browser host under the inspector: its page URL, AppID and inspector address. */
function startHost() {
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', join(outDir, 'main/start-web.js'), '--port', '0', '--data', join(work, 'data')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolvePromise, reject) => {
    let url;
    let appId;
    let inspector;
    const done = () => url && appId && inspector && resolvePromise({ child, url, appId, inspector });
    child.stdout.on('data', (chunk) => {
      url ??= /Listening on (\S+)/.exec(chunk.toString())?.[1];
      appId ??= /AppID: (\S+)/.exec(chunk.toString())?.[1];
      done();
    });
    child.stderr.on('data', (chunk) => {
      inspector ??= /Debugger listening on (ws:\S+)/.exec(chunk.toString())?.[1];
      done();
    });
    child.on('exit', (code) => reject(new Error(`the browser host exited (${code})`)));
  });
}

/** A tiny client of Node's inspector protocol (Node's own WebSocket). */
async function connectInspector(address) {
  const socket = new WebSocket(address);
  await new Promise((resolvePromise, reject) => {
    socket.onopen = resolvePromise;
    socket.onerror = reject;
  });
  let nextId = 1;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    }
  };
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolvePromise, reject) =>
        waiting.set(id, (message) =>
          message.error ? reject(new Error(message.error.message)) : resolvePromise(message.result),
        ),
      );
    },
    close: () => socket.close(),
  };
}

/** The project's source files (under src/) where each function that ran in the window was written. */
function sourceFilesOf(scripts, readScript) {
  const files = new Set();
  for (const script of scripts) {
    const ran = script.functions.filter((fn) => fn.ranges[0].count > 0);
    if (ran.length === 0) continue;
    const loaded = readScript(script);
    if (!loaded) continue;
    const { text, mapPath } = loaded;
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    const consumer = new SourceMapConsumer(map);
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
    for (const fn of ran) {
      const offset = fn.ranges[0].startOffset;
      let line = lineStarts.findLastIndex((start) => start <= offset);
      const column = offset - lineStarts[line];
      line += 1;
      const original = consumer.originalPositionFor({ line, column, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
      const source = original.source ?? consumer.originalPositionFor({ line, column }).source;
      if (!source) continue;
      const path = relative(ROOT, resolve(dirname(mapPath), map.sourceRoot ?? '', source));
      if (path.startsWith('src/')) files.add(path);
    }
  }
  return files;
}

await run('npx', ['electron-vite', 'build', '--sourcemap', '--outDir', outDir, '--logLevel', 'error']);
const host = await startHost();
const inspector = await connectInspector(host.inspector);
await inspector.send('Profiler.enable');
await inspector.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(host.url);

  // A sale of R$ 12,34, paid, as the cashier journey makes it.
  const amount = page.getByLabel('Valor', { exact: true });
  await amount.waitFor();
  await amount.focus();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
  const origin = new URL(host.url).origin;
  const newest = await (
    await fetch(`${origin}/api/v1/charge?limit=1`, { headers: { authorization: host.appId } })
  ).json();
  const paid = await fetch(`${origin}/openpix/testing/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: host.appId },
    body: JSON.stringify({ brCode: newest.charges[0].brCode }),
  });
  if (paid.status !== 200) throw new Error(`the sandbox did not pay: ${paid.status}`);
  await page.getByRole('heading', { name: 'Pago' }).waitFor();
  await page.keyboard.press('F2');
  const row = page.getByRole('button', { name: /R\$\s12,34/ }).first();
  await row.waitFor();
  await row.click();
  const refundButton = page.getByRole('button', { name: /Devolver/ });
  await refundButton.waitFor();

  /** The files that ran, in the page and in the host, while `steps` ran: coverage reset before, read after. */
  const filesRunDuring = async (steps) => {
    await page.coverage.stopJSCoverage();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await inspector.send('Profiler.takePreciseCoverage');
    const began = Date.now();
    await steps();
    const [pageCoverage, hostCoverage] = await Promise.all([
      page.coverage.stopJSCoverage(),
      inspector.send('Profiler.takePreciseCoverage'),
    ]);
    const renderer = sourceFilesOf(pageCoverage, (entry) => {
      const assetPath = new URL(entry.url).pathname;
      if (!assetPath.endsWith('.js')) return null;
      return { text: entry.source, mapPath: join(outDir, 'renderer', `${assetPath}.map`) };
    });
    const main = sourceFilesOf(hostCoverage.result, (script) => {
      if (!script.url.startsWith(`file://${outDir}/`)) return null;
      const path = fileURLToPath(script.url);
      return { text: readFileSync(path, 'utf8'), mapPath: `${path}.map` };
    });
    return { renderer, main, all: new Set([...renderer, ...main]), ms: Date.now() - began };
  };

  // The window: from "Devolver" to the refund shown as sent.
  const refund = await filesRunDuring(async () => {
    await refundButton.click();
    const refundAmount = page.getByLabel('Valor da devolução');
    await refundAmount.waitFor();
    await refundAmount.focus();
    await page.keyboard.type('234');
    await page.getByLabel('Motivo').fill('Produto trocado');
    await page.getByLabel('Motivo').press('Enter');
    await page.getByRole('button', { name: /Confirmar devolução/ }).click();
    await page.getByText(/Devolução de R\$\s2,34 enviada/).waitFor();
  });
  // The same screen, the cashier's hands off, for a few seconds: what the app runs anyway (the
  // service's sweepers, the status bar, the puller). Files that ran only in the refund's window are
  // its own; files it shares with that background count in the total only.
  const idle = await filesRunDuring(
    () => new Promise((resolvePromise) => setTimeout(resolvePromise, Math.max(IDLE_MS, refund.ms))),
  );
  const own = [...refund.all].filter((file) => !idle.all.has(file)).sort();
  if (process.argv.includes('--list')) {
    console.log(`ran in the refund's window and not while idle (${own.length}):`);
    for (const file of own) console.log(`  ${file}`);
    console.log(`ran in both (${refund.all.size - own.length}):`);
    for (const file of [...refund.all].filter((path) => idle.all.has(path)).sort()) console.log(`  ${file}`);
  }
  console.log(
    `a refund (${(refund.ms / 1000).toFixed(1)} s from "Devolver" to "enviada") runs code in ${refund.all.size} source files ` +
      `(${refund.renderer.size} in the page, ${refund.main.size} in the main process and the service); ` +
      `${own.length} of them ran only for it (${(idle.ms / 1000).toFixed(0)} s idle ran ${idle.all.size})`,
  );
} finally {
  inspector.close();
  await browser.close();
  host.child.kill('SIGTERM');
  await new Promise((resolvePromise) => host.child.once('exit', resolvePromise));
  rmSync(work, { recursive: true, force: true });
}
