// The study view in a real browser: starts `movegen lab`, drives headless Chromium over the DevTools
// protocol (a pipe, no npm package), and checks the page against the CLI: from the start position click
// e2, see every representation's trace, play e2e4 and see e3 become the en passant square, take it back;
// enter a FEN and compare every generator's move list and the pinned grid with `movegen show --json`;
// a bad FEN shows the CLI's error text. Saves a screenshot. Fails on a page that does not load, a
// JavaScript error or console error, a missing Chromium, and a server that does not stop when the
// browser is closed.
//
//   node tests/lab_browser_test.mjs build/movegen build/lab_browser_test.png
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [movegen, screenshotPath] = process.argv.slice(2);
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// Perft position 3 of the chessprogramming wiki: the b5 pawn is pinned by the h5 rook against the a5 king.
const PINNED_FEN = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';
const BAD_FEN = '8/8/8 w - - 0 1';
const deadline = setTimeout(() => fail('the test took longer than 90 s'), 90000);
const children = [];

function fail(message) {
  console.error(`lab_browser_test: FAIL: ${message}`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
}

function check(ok, message) {
  if (!ok) fail(message);
  console.log(`ok: ${message}`);
}

function findChromium() {
  const names = process.env.CHROMIUM ? [process.env.CHROMIUM] : ['chromium', 'chromium-browser'];
  for (const name of names) {
    if (name.includes('/') && existsSync(name)) return name;
    for (const dir of (process.env.PATH || '').split(':')) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  fail('chromium not found (looked for chromium and chromium-browser on PATH, or $CHROMIUM): scripts/install-deps.sh installs it');
}

function cli(...args) {
  const run = spawnSync(movegen, args, { encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

// The server: `movegen lab --port 0` prints the address it took.
function startLab() {
  const lab = spawn(movegen, ['lab', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(lab);
  lab.output = '';
  lab.exited = new Promise((resolve) => lab.on('exit', (code) => resolve(code)));
  return new Promise((resolve) => {
    lab.stdout.on('data', (chunk) => {
      lab.output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(lab.output);
      if (url && !lab.url) resolve(Object.assign(lab, { url: url[0] }));
    });
    lab.stderr.on('data', (chunk) => process.stderr.write(chunk));
    lab.on('exit', (code) => { if (!lab.url) fail(`movegen lab exited with ${code} before serving`); });
  });
}

// A DevTools protocol client over Chromium's --remote-debugging-pipe: NUL-terminated JSON messages, ours
// on fd 3, its replies and events on fd 4.
function startChromium(binary, profile) {
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
                '--disable-component-update', '--disable-sync', '--disable-breakpad', '--disable-crash-reporter', '--remote-debugging-pipe', `--user-data-dir=${profile}`,
                '--window-size=1400,1600', 'about:blank'];
  const browser = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  children.push(browser);
  browser.closing = false;
  browser.exited = new Promise((resolve) => browser.on('exit', resolve));
  browser.on('exit', (code) => { if (!browser.closing) fail(`chromium exited with ${code}`); });
  let stderr = '';
  browser.stdio[2].on('data', (chunk) => { stderr += chunk; });
  browser.stdio[2].on('end', () => { if (!browser.closing && stderr) console.error(stderr.slice(-2000)); });
  const pending = new Map(), listeners = [];
  let nextId = 1, buffer = '';
  browser.stdio[4].on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else {
        for (const listener of listeners) listener(message);
      }
    }
  });
  return {
    process: browser,
    on: (listener) => listeners.push(listener),
    send(method, params = {}, sessionId) {
      const id = nextId++;
      browser.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const chromium = findChromium();
  const lab = await startLab();
  console.log(`movegen lab serves ${lab.url}`);
  const profile = mkdtempSync(path.join(tmpdir(), 'lab-browser-'));
  const cdp = startChromium(chromium, profile);

  const { targetInfos } = await cdp.send('Target.getTargets');
  const page = targetInfos.find((t) => t.type === 'page');
  if (!page) fail('chromium opened no page');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
  const send = (method, params) => cdp.send(method, params, sessionId);
  const errors = [];
  let expectApiError = false;
  cdp.on((m) => {
    if (m.sessionId !== sessionId) return;
    if (m.method === 'Runtime.exceptionThrown') errors.push(`exception: ${m.params.exceptionDetails.exception?.description || m.params.exceptionDetails.text}`);
    if (m.method === 'Runtime.consoleAPICalled' && (m.params.type === 'error' || m.params.type === 'assert'))
      errors.push(`console.${m.params.type}: ${m.params.args.map((a) => a.value ?? a.description).join(' ')}`);
    if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error') {
      const e = m.params.entry;  // the refused bad FEN answers 400, which Chromium logs; nothing else may fail
      if (!(expectApiError && e.source === 'network' && /\/api\/position/.test(e.url || '') && /400/.test(e.text))) errors.push(`log: ${e.text} ${e.url || ''}`);
    }
    if (m.method === 'Page.loadEventFired') page.loaded = true;
  });
  await Promise.all([send('Runtime.enable'), send('Log.enable'), send('Page.enable')]);

  const evaluate = async (expression) => {
    const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) fail(`page script failed: ${expression}: ${r.exceptionDetails.exception?.description}`);
    return r.result.value;
  };
  const waitFor = async (expression, what, ms = 15000) => {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await evaluate(expression)) return;
    fail(`timed out waiting for ${what}`);
  };
  const click = async (selector) => {  // a real mouse click at the middle of the element
    const box = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
      return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()`);
    if (!box) fail(`no element ${selector} to click`);
    for (const type of ['mousePressed', 'mouseReleased'])
      await send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
  };
  const enterFen = async (fen) => {
    await evaluate(`(() => { const e = document.getElementById('fen'); e.focus(); e.select(); })()`);
    await send('Input.insertText', { text: fen });
    await click('#load');
  };

  await send('Page.navigate', { url: lab.url });
  await waitFor(`document.body && document.body.dataset.ready === '1'`, 'the page to load and draw the start position');
  check(await evaluate(`document.body.dataset.fen`) === START_FEN, 'the page opens on the start position');

  // From the start position, click e2: every representation's trace of the pawn.
  const representations = JSON.parse(cli('show', '--json').out).views.map((v) => v.representation);
  await click('#board [data-square="e2"]');
  await waitFor(`document.querySelectorAll('#piece .trace').length > 0`, 'the traces of the e2 pawn');
  const traces = await evaluate(`[...document.querySelectorAll('#piece .trace')].map((t) =>
    ({ representation: t.dataset.representation, lines: t.querySelectorAll('li').length, text: t.textContent }))`);
  check(JSON.stringify(traces.map((t) => t.representation)) === JSON.stringify(representations),
        `e2 has one trace per representation (${representations.join(', ')})`);
  check(traces.every((t) => t.lines > 0 && /e2e3 e2e4/.test(t.text)), 'each trace steps the pawn and finds e2e3 e2e4');
  const targets = await evaluate(`[...document.querySelectorAll('#board .sq.target')].map((e) => e.dataset.square).sort()`);
  check(JSON.stringify(targets) === '["e3","e4"]', 'the board marks e3 and e4 as the pawn\'s moves');

  // Play e2e4 by clicking e4; e3 becomes the en passant square; Back takes it back.
  await click('#board [data-square="e4"]');
  await waitFor(`document.body.dataset.fen !== ${JSON.stringify(START_FEN)}`, 'e2e4 to be played');
  check(await evaluate(`document.body.dataset.fen`) === 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
        'clicking e4 plays e2e4');
  check(await evaluate(`document.getElementById('fact-en-passant').textContent`) === 'e3', 'e3 is shown as the en passant square');
  check(await evaluate(`!!document.querySelector('#board [data-square="e3"].ep')`), 'the board marks e3 as the en passant square');
  await click('#back');
  await waitFor(`document.body.dataset.fen === ${JSON.stringify(START_FEN)}`, 'Back to take e2e4 back');
  console.log('ok: Back takes e2e4 back');

  // Enter a FEN: every generator's move list and the pinned grid as the CLI gives them.
  const expected = JSON.parse(cli('show', '--json', '--fen', PINNED_FEN).out);
  await enterFen(PINNED_FEN);
  await waitFor(`document.body.dataset.fen === ${JSON.stringify(expected.fen)}`, 'the entered FEN to load');
  for (const g of expected.generators) {
    const shown = await evaluate(`[...document.querySelectorAll('#moves td.gen[data-generator="${g.generator}"]')]
      .map((e) => e.textContent).filter((t) => t !== '')`);
    check(JSON.stringify(shown) === JSON.stringify(g.moves), `${g.generator}: the page lists the CLI's ${g.moves.length} moves`);
  }
  check(await evaluate(`document.querySelectorAll('#moves tr.differs').length`) === 0, 'no move is marked as differing');
  const stages = await evaluate(`[...document.querySelectorAll('#moves td.stage')].map((e) => e.textContent)`);
  check(JSON.stringify(stages) === JSON.stringify(expected.moves.map((m) => (m.stage === 'captures' ? 'capture' : 'quiet'))),
        `each move's stage is the CLI's (${expected.moves.filter((m) => m.stage === 'captures').length} captures)`);
  const pinned = expected.views.find((v) => v.grids).grids.find((g) => g.title === 'pinned').squares;
  const shownPinned = await evaluate(`[...document.querySelectorAll('#views .grid[data-title="pinned"] .cell.on')].map((e) => e.dataset.square).sort()`);
  check(pinned.length > 0 && JSON.stringify(shownPinned) === JSON.stringify([...pinned].sort()),
        `the pinned grid shows the CLI's {${pinned.join(', ')}}`);
  const firstMove = expected.moves[0].move;
  await click(`#moves tr[data-move="${firstMove}"] button.play`);
  await waitFor(`document.getElementById('played').textContent === 'played: ${firstMove}'`, `${firstMove} to be played`);
  console.log(`ok: clicking ${firstMove} in the move list plays it`);

  // A bad FEN: the CLI's error text, and the position stays.
  const cliError = cli('show', '--fen', BAD_FEN).err.trim().replace(/^movegen: /, '');
  expectApiError = true;
  await enterFen(BAD_FEN);
  await waitFor(`!document.getElementById('error').hidden`, 'the bad FEN\'s error');
  await sleep(200);
  expectApiError = false;
  const pageError = await evaluate(`document.getElementById('error').textContent`);
  check(pageError === cliError, `a bad FEN shows the CLI's words: "${cliError}"`);

  await enterFen(START_FEN);
  await waitFor(`document.body.dataset.fen === ${JSON.stringify(START_FEN)} && document.getElementById('error').hidden`, 'the start position again');
  await click('#divide-run');
  await waitFor(`document.querySelectorAll('#divide tr.total').length === 1`, 'the divide table');
  await click('#board [data-square="e2"]');
  await waitFor(`document.querySelectorAll('#piece .trace').length > 0`, 'the traces of the e2 pawn');
  await evaluate(`window.scrollTo(0, 0)`);
  const { data } = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(screenshotPath, Buffer.from(data, 'base64'));
  console.log(`screenshot: ${screenshotPath}`);

  check(errors.length === 0, `no JavaScript or console error${errors.length ? ':\n  ' + errors.join('\n  ') : ''}`);

  // Closing the tab (headless Chromium may end with its last tab): the server says so and stops by itself.
  cdp.process.closing = true;
  await cdp.send('Target.closeTarget', { targetId: page.targetId });
  const code = await Promise.race([lab.exited, sleep(20000).then(() => 'still running')]);
  cdp.send('Browser.close').catch(() => {});
  if (await Promise.race([cdp.process.exited.then(() => true), sleep(10000)]) !== true) cdp.process.kill('SIGKILL');
  check(code === 0 && /the last page was closed/.test(lab.output), 'movegen lab stops, saying so, once the page is closed');
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  clearTimeout(deadline);
  process.exit(0);  // a helper process of Chromium's may hold its stderr open a while longer
}

main().catch((e) => fail(e.stack || String(e)));
