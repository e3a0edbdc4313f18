// The study view's page. It knows no rule of chess: every move, square set and count comes from the
// movegen program as JSON (GET /api/position, /api/piece, /api/divide, POST /api/engine, /api/compare),
// and the page only draws it and sends back what was clicked.
'use strict';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const GLYPHS = { K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
                 k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f' };
const FILES = 'abcdefgh';
const PAGE_ID = Math.random().toString(36).slice(2);

const state = { rootFen: START_FEN, moves: [], doc: null, selected: null, piece: null, highlight: [] };
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function squareName(index) { return FILES[index % 8] + (Math.floor(index / 8) + 1); }

function query(extra = {}) {
  const params = new URLSearchParams({ fen: state.rootFen, moves: state.moves.join(','), ...extra });
  return params.toString();
}

// A refusal from the program (a bad FEN, a bad depth): already shown to the reader.
class ApiError extends Error {}

// Fetches JSON; an answer with an "error" field shows it (the CLI's words) and throws ApiError.
async function api(path, options) {
  const response = await fetch(path, options);
  const body = await response.json();
  if (!response.ok || body.error) {
    showError(body.error || `HTTP ${response.status}`);
    throw new ApiError(body.error);
  }
  return body;
}

function showError(text) {
  const box = $('error');
  box.textContent = text;
  box.hidden = !text;
}

async function loadPosition() {
  const doc = await api('/api/position?' + query());
  showError('');
  state.doc = doc;
  state.selected = null;
  state.piece = null;
  state.highlight = [];
  $('fen').value = doc.fen;
  drawBoard();
  drawFacts();
  drawMoves();
  drawViews();
  drawPiece();
  $('divide').replaceChildren();
  $('engine').replaceChildren();
  $('engine-summary').textContent = '';
  document.body.dataset.fen = doc.fen;
}

async function setRoot(fen) {
  const saved = { rootFen: state.rootFen, moves: state.moves };
  state.rootFen = fen;
  state.moves = [];
  try {
    await loadPosition();
  } catch (e) {
    Object.assign(state, saved);  // a bad FEN leaves the position as it was
    if (!(e instanceof ApiError)) throw e;
  }
}

async function play(move) {
  state.moves.push(move);
  try {
    await loadPosition();
  } catch (e) {
    state.moves.pop();
    if (!(e instanceof ApiError)) throw e;
  }
}

async function back() {
  if (state.moves.length === 0) return;
  state.moves.pop();
  await loadPosition();
}

function drawBoard() {
  const board = $('board');
  const targets = new Map();  // square -> moves that land there from the selected square
  if (state.selected) {
    for (const m of state.doc.moves) if (m.from === state.selected) {
      if (!targets.has(m.to)) targets.set(m.to, []);
      targets.get(m.to).push(m.move);
    }
  }
  const rows = [];
  for (let rank = 7; rank >= 0; --rank) {
    for (let file = 0; file < 8; ++file) {
      const index = rank * 8 + file, name = squareName(index), letter = state.doc.board[index];
      const classes = ['sq', (rank + file) % 2 ? 'light' : 'dark'];
      if (name === state.selected) classes.push('selected');
      if (targets.has(name)) classes.push('target');
      if (state.highlight.includes(name)) classes.push('hl');
      if (name === state.doc.en_passant) classes.push('ep');
      const cell = el('div', { class: classes.join(' '), 'data-square': name, title: name,
                               onclick: () => clickSquare(name, targets.get(name)) },
                      letter ? el('span', { class: 'piece' }, GLYPHS[letter]) : '');
      if (file === 0) cell.append(el('span', { class: 'coord rank' }, String(rank + 1)));
      if (rank === 0) cell.append(el('span', { class: 'coord file' }, FILES[file]));
      rows.push(cell);
    }
  }
  board.replaceChildren(...rows);
}

async function clickSquare(name, moves) {
  if (moves && moves.length) {
    // A pawn reaching the last rank has four moves here: the queen's promotion unless another is picked.
    const move = moves.length === 1 ? moves[0] : (moves.find((m) => m.endsWith('q')) || moves[0]);
    await play(move);
    return;
  }
  if (state.doc.moves.some((m) => m.from === name)) await selectPiece(name);
}

async function selectPiece(name) {
  state.piece = await api('/api/piece?' + query({ square: name }));
  state.selected = name;
  state.highlight = [];
  drawBoard();
  drawPiece();
}

function drawFacts() {
  const d = state.doc;
  const facts = [['to move', d.side_to_move], ['en passant', d.en_passant || '-'], ['FEN', d.fen],
                 ['generators agree', d.agree ? 'yes' : 'NO']];
  $('facts').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', { id: 'fact-' + k.replace(/ /g, '-') }, v)]));
  $('back').disabled = state.moves.length === 0;
  $('played').textContent = state.moves.length ? 'played: ' + state.moves.join(' ') : '';
}

function drawMoves() {
  const d = state.doc;
  const head = el('tr', {}, el('th', {}, 'move'),
                  ...d.generators.map((g) => el('th', { 'data-generator': g.generator }, `${g.generator} (${g.moves.length})`)),
                  el('th', {}, 'stage'), el('th', {}, 'mark'));
  const rows = d.moves.map((m) => el('tr', { 'data-move': m.move, class: m.mark ? 'differs' : '' },
    el('td', {}, el('button', { type: 'button', class: 'play', onclick: () => play(m.move) }, m.move)),
    ...d.generators.map((g) => {
      const n = g.moves.filter((x) => x === m.move).length;
      return el('td', { class: 'gen', 'data-generator': g.generator }, n === 0 ? '' : n === 1 ? m.move : `${m.move} x${n}`);
    }),
    el('td', { class: 'stage' }, m.stage === 'captures' ? 'capture' : m.stage === 'quiets' ? 'quiet' : ''),
    el('td', { class: 'mark' }, m.mark || '')));
  $('moves').replaceChildren(head, ...rows);
  const marked = d.moves.filter((m) => m.mark).length;
  const inStage = (stage) => d.moves.filter((m) => m.stage === stage).length;
  $('moves-summary').textContent = (marked ? `${marked} move(s) differ between the generators (marked)`
                                           : `every generator lists the same ${d.moves.length} moves`)
    + `; ${inStage('captures')} in the captures stage, ${inStage('quiets')} in the quiet moves stage`
    + (d.stage_problems.length ? ': ' + d.stage_problems.join('; ') : '');
}

// An 8x8 grid of a set of square names, rank 8 on top.
function miniGrid(title, squares, attrs = {}) {
  const set = new Set(squares);
  const cells = [];
  for (let rank = 7; rank >= 0; --rank)
    for (let file = 0; file < 8; ++file) {
      const name = squareName(rank * 8 + file);
      cells.push(el('div', { class: 'cell' + (set.has(name) ? ' on' : ''), 'data-square': name, title: name }));
    }
  return el('figure', { class: 'grid', 'data-title': title, ...attrs },
            el('div', { class: 'cells' }, ...cells), el('figcaption', {}, title));
}

function drawViews() {
  const views = state.doc.views.map((v) => {
    const box = el('article', { class: 'view', 'data-representation': v.representation },
                   el('h3', {}, v.title), el('p', { class: 'hint' }, v.note));
    if (v.text) box.append(el('pre', { class: 'board-string' }, v.text));
    if (v.cells) {
      const table = el('table', { class: 'cells-table', style: `--columns:${v.columns}` });
      for (const row of v.cells)
        table.append(el('tr', {}, ...row.map((c) => el('td', { class: c.off ? 'off' : '', title: c.square || 'off the board',
                                                               'data-index': c.index },
                                                       el('span', { class: 'label' }, c.label), el('b', {}, c.text)))));
      box.append(table);
    }
    if (v.grids) box.append(el('div', { class: 'grids' }, ...v.grids.map((g) => miniGrid(g.title, g.squares, { title: g.hex }))));
    // A representation the page has no layout for: its folder's own drawing (board_view), as show prints it.
    if (!v.cells && !v.grids && v.lines) box.append(el('pre', { class: 'board-string' }, v.lines.join('\n')));
    return box;
  });
  $('views').replaceChildren(...views);
}

function drawPiece() {
  const p = state.piece;
  $('piece-none').hidden = !!p;
  if (!p) { $('piece').replaceChildren(); return; }
  const traces = p.traces.map((t) => el('article', { class: 'trace', 'data-representation': t.representation },
    el('h3', {}, t.title),
    el('ol', {}, ...t.lines.map((line) => {
      const item = el('li', { onmouseenter: () => { state.highlight = line.squares; drawBoard(); },
                              onmouseleave: () => { state.highlight = []; drawBoard(); } }, line.text);
      if (line.set) item.append(miniGrid(line.text, line.squares, { class: 'grid small' }));
      return item;
    })),
    el('p', {}, 'its own per-piece function generates: ', el('code', {}, t.pseudo_legal.join(' ') || '(none)'))));
  const legal = el('table', { class: 'legal' }, ...p.generators.map((g) => el('tr', {},
    el('th', {}, g.generator), el('td', {}, ...g.legal.map((m) => el('button', { type: 'button', class: 'play', onclick: () => play(m) }, m))))));
  $('piece').replaceChildren(el('p', {}, `${p.piece} on ${p.square}: legal moves by generator`), legal, ...traces);
}

async function runDivide() {
  const d = await api('/api/divide?' + query({ depth: $('divide-depth').value }));
  const head = el('tr', {}, el('th', {}, 'move'), ...d.generators.map((g) => el('th', {}, g)));
  const rows = d.rows.map((r) => el('tr', { class: r.differs ? 'differs' : '', 'data-move': r.move },
    el('td', {}, el('button', { type: 'button', class: 'play', onclick: () => play(r.move) }, r.move)),
    ...r.counts.map((c) => el('td', { class: 'num' }, c === null ? '-' : String(c)))));
  const total = el('tr', { class: 'total' }, el('th', {}, 'total'), ...d.totals.map((t) => el('th', { class: 'num' }, String(t))));
  $('divide').replaceChildren(head, ...rows, total);
}

async function runEngine() {
  const depth = Number($('engine-depth').value);
  const d = await api('/api/engine?' + query({ depth }), { method: 'POST', body: $('engine-text').value });
  $('engine-summary').textContent = `${d.differ} move(s) differ from ${d.generator} at depth ${d.depth}` +
      (d.lines_ignored ? ` (${d.lines_ignored} line(s) that are not a move and count were skipped)` : '');
  const head = el('tr', {}, el('th', {}, 'move'), el('th', {}, 'ours'), el('th', {}, 'yours'), el('th', {}, ''));
  const rows = d.rows.map((r) => el('tr', { class: r.differs ? 'differs' : '', 'data-move': r.move },
    el('td', {}, r.move), el('td', { class: 'num' }, r.ours === null ? 'not legal' : String(r.ours)),
    el('td', { class: 'num' }, r.theirs === null ? 'missing' : String(r.theirs)),
    el('td', {}, r.differs && r.ours !== null && depth > 1
      ? el('button', { type: 'button', onclick: () => stepInto(r.move, depth - 1) }, `step into (depth ${depth - 1})`) : '')));
  $('engine').replaceChildren(head, ...rows);
}

async function stepInto(move, depth) {
  await play(move);
  $('engine-depth').value = depth;
  $('engine-summary').textContent = `played ${move}: paste your engine's divide of this position at depth ${depth}`;
}

function drawCompare(doc, source) {
  const box = $('compare');
  if (!doc) { box.replaceChildren(el('p', { class: 'hint' }, 'No compare result yet.')); return; }
  $('compare-source').textContent = source;
  const mnps = doc.two_by_two.mnps, tuned = doc.two_by_two.tuned || {};
  const bars = [];
  for (const [representation, strategies] of Object.entries(mnps))
    for (const [strategy, value] of Object.entries(strategies)) bars.push([`${representation} ${strategy.replace(/_/g, '-')}`, value]);
  for (const [representation, value] of Object.entries(tuned)) bars.push([`${representation} tuned`, value]);
  const max = Math.max(1e-9, ...bars.map(([, v]) => v || 0));
  const width = 560, row = 22, label = 210;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('width', width);
  svg.setAttribute('height', row * bars.length + 24);
  svg.setAttribute('role', 'img');
  bars.forEach(([name, value], i) => {
    const y = i * row;
    svg.insertAdjacentHTML('beforeend',
      `<text x="0" y="${y + 15}" class="bar-label"></text>` +
      `<rect x="${label}" y="${y + 3}" height="${row - 6}" width="${value ? (width - label - 70) * value / max : 0}" class="bar"></rect>` +
      `<text x="${label + 6 + (value ? (width - label - 70) * value / max : 0)}" y="${y + 15}" class="bar-value">${value === null ? 'not run' : value.toFixed(1) + ' Mnps'}</text>`);
    svg.lastElementChild.previousElementSibling.previousElementSibling.textContent = name;
  });
  box.replaceChildren(svg, el('p', { class: 'hint' }, `${doc.summary.counts_checked} counts checked, all agree: ${doc.all_agree}`));
}

async function loadCompare() {
  const d = await api('/api/compare');
  drawCompare(d.compare, d.compare ? `(from ${d.compare.file})` : '');
}

async function runCompare() {
  $('compare-run').disabled = true;
  $('compare-source').textContent = 'counting...';
  try {
    const d = await api('/api/compare', { method: 'POST' });
    drawCompare(d.compare, `(run now on ${d.compare.file})`);
  } finally {
    $('compare-run').disabled = false;
  }
}

function hello() { fetch('/api/hello?page=' + PAGE_ID, { method: 'POST' }); }

window.addEventListener('pagehide', () => navigator.sendBeacon('/api/bye?page=' + PAGE_ID));
window.addEventListener('pageshow', hello);
setInterval(hello, 30000);  // still open: the server stops only when every page is gone

$('fen-form').addEventListener('submit', (e) => { e.preventDefault(); setRoot($('fen').value.trim()); });
$('start').addEventListener('click', () => setRoot(START_FEN));
$('back').addEventListener('click', back);
$('divide-run').addEventListener('click', runDivide);
$('engine-run').addEventListener('click', runEngine);
$('compare-run').addEventListener('click', runCompare);
// A refused request has shown its error; any other failure stays an error in the console.
window.addEventListener('unhandledrejection', (e) => { if (e.reason instanceof ApiError) e.preventDefault(); });

loadPosition().then(loadCompare).then(() => { document.body.dataset.ready = '1'; });
