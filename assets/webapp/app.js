// The Mini App board page: draws the server's game (docs/WEBAPP.md) and sends taps back.
// The server is the only source of truth: the page never guesses a position, it draws
// the newest answer (by `version`) from either a response or the event stream.

const tg = window.Telegram?.WebApp;
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const enc = encodeURIComponent;
const other = (c) => (c === 'w' ? 'b' : 'w');
// The game's seats in turn order: two players, or a table's three or four.
const seats = (g) => (Array.isArray(g?.seats) ? g.seats : ['w', 'b']);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

// Telegram methods throw on client versions that lack them; none of them is essential.
function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

// Telegram opens the page with its launch data in the URL's fragment (`tgWebAppData`),
// which telegram-web-app.js reads; should that script not load, the page reads it itself.
function launchData() {
  if (tg?.initData) return tg.initData;
  return new URLSearchParams(location.hash.slice(1)).get('tgWebAppData') ?? '';
}

function startParam() {
  return (
    tg?.initDataUnsafe?.start_param ||
    new URLSearchParams(launchData()).get('start_param') ||
    new URLSearchParams(location.hash.slice(1)).get('tgWebAppStartParam') ||
    null
  );
}

const S = {
  session: null,
  expires: 0,
  exchanging: null,
  texts: {},
  token: null,
  game: null,
  drawn: -1, // highest version drawn: older answers lose the race and are dropped
  offset: 0, // server clock minus ours, for the clocks
  sel: null,
  busy: false,
  es: null,
  // The tournament shown, its live stream, the newest version drawn and the retry.
  tournament: null,
  tes: null,
  shownT: -1,
  tbackoff: 1000,
  tretry: 0,
  backoff: 1000,
  retry: 0,
  failures: 0,
  noClickUntil: 0,
  // A finished game's analysis being stepped through: { data, k, timer } (k: plies shown).
  review: null,
};

const t = (key) => S.texts[key] ?? key;

/* ---------- talking to the server ---------- */

class Refusal extends Error {}

function exchange() {
  S.exchanging ??= (async () => {
    try {
      let r;
      try {
        r = await fetch('api/session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ init_data: launchData() }),
        });
      } catch {
        throw new Refusal(t('network'));
      }
      const j = await r.json().catch(() => null);
      if (!r.ok || !j?.session) throw new Refusal(j?.message || t('network'));
      S.session = j.session;
      // Renew a little early rather than have the stream refused.
      S.expires = Date.now() + Math.max(60, (j.expires_in ?? 3600) - 60) * 1000;
      if (j.texts) S.texts = j.texts;
      if (j.lang) document.documentElement.lang = j.lang;
      return j;
    } finally {
      S.exchanging = null;
    }
  })();
  return S.exchanging;
}

// One request; a 401 means the session lapsed: exchange initData again and retry once.
async function api(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    if (!S.session || Date.now() >= S.expires) await exchange();
    let r;
    try {
      r = await fetch(path, {
        method,
        headers: {
          Authorization: 'Bearer ' + S.session,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new Refusal(t('network'));
    }
    if (r.status === 401 && attempt === 0) {
      S.session = null;
      continue;
    }
    const j = await r.json().catch(() => null);
    if (!r.ok) throw new Refusal(j?.message || t('network'));
    return j;
  }
}

// `api` for a player's action: a refusal becomes a toast and nothing else changes.
async function call(method, path, body) {
  try {
    return await api(method, path, body);
  } catch (e) {
    toast(e.message);
    return null;
  }
}

let toastTimer = 0;
function toast(msg) {
  if (!msg) return;
  const e = $('toast');
  e.textContent = msg;
  e.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => e.classList.remove('show'), 3500);
}

function ask(msg) {
  return new Promise((resolve) => {
    if (tg?.showConfirm) {
      try {
        tg.showConfirm(msg, (ok) => resolve(!!ok));
        return;
      } catch {
        // An old client: fall through to the browser's dialog.
      }
    }
    resolve(window.confirm(msg));
  });
}

const gamePath = (rest = '') => 'api/game/' + enc(S.token) + rest;

/* ---------- the game ---------- */

function accept(g) {
  if (!g || typeof g !== 'object' || !S.token) return;
  if (g.token && g.token !== S.token) return;
  if (typeof g.version === 'number') {
    if (g.version < S.drawn) return;
    S.drawn = g.version;
  }
  const now = g.server_time ?? g.clocks?.server_time;
  if (typeof now === 'number') S.offset = now - Date.now();
  S.game = g;
  $('game').hidden = false;
  if (S.sel && !selectable(S.sel)) S.sel = null;
  paintBoard();
  paintInfo();
}

function selectable(sq) {
  const g = S.game;
  return !!(g && !g.result && g.viewer?.move && (g.pieces?.[g.turn] || []).includes(sq));
}

function isTarget(sq) {
  const m = S.sel && S.game?.targets?.[S.sel];
  return !!(m && has(m, sq));
}

/* ---------- the board ---------- */

let B = null; // the built board: size, orientation, square elements

// Where square (file f, rank k) is drawn: White's view puts a1 at the bottom left; each
// quarter turn brings the next seat's corner there (as the chat's picture turns it).
function screenOf(f, k, n, turns) {
  let x = f;
  let y = n - 1 - k;
  for (let i = 0; i < turns; i++) [x, y] = [y, n - 1 - x];
  return [x, y];
}

function buildBoard(n, turns) {
  const root = $('board');
  root.replaceChildren();
  root.style.setProperty('--n', n);
  // The square shown at each screen cell, row by row.
  const shownAt = new Array(n * n);
  for (let f = 0; f < n; f++) {
    for (let k = 0; k < n; k++) {
      const [x, y] = screenOf(f, k, n, turns);
      shownAt[y * n + x] = [f, k];
    }
  }
  // A column is labelled by what its squares share (a file, or after a quarter turn a
  // rank), a row likewise.
  const label = ([f, k], [f2]) => (f === f2 ? String.fromCharCode(97 + f) : String(k + 1));
  const files = Array.from({ length: n }, (_, c) => label(shownAt[c], shownAt[n + c]));
  const ranks = Array.from({ length: n }, (_, r) => {
    const [f, k] = shownAt[r * n];
    const [, k2] = shownAt[r * n + 1];
    return k === k2 ? String(k + 1) : String.fromCharCode(97 + f);
  });
  const band = (cls, area, labels) => {
    const d = el('div', 'lab ' + cls);
    d.style.gridArea = area;
    d.setAttribute('aria-hidden', 'true');
    for (const s of labels) d.append(el('span', null, s));
    root.append(d);
  };
  band('files', '1 / 2', files);
  band('files', '3 / 2', files);
  band('ranks', '2 / 1', ranks);
  band('ranks', '2 / 3', ranks);
  const grid = el('div', 'squares');
  grid.style.gridArea = '2 / 2';
  const cells = new Map();
  const names = [];
  const at = {};
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const [f, k] = shownAt[r * n + c];
      const name = String.fromCharCode(97 + f) + (k + 1);
      // a1 is dark, as in the picture.
      const d = el('div', 'sq ' + ((f + k) % 2 === 0 ? 'd' : 'l'));
      d.dataset.square = name;
      grid.append(d);
      cells.set(name, d);
      names.push(name);
      at[name] = [c + 0.5, r + 0.5];
    }
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'path');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('aria-hidden', 'true');
  grid.append(svg);
  root.append(grid);
  B = { n, turns, cells, names, at, grid, svg };
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// The game as the board shows it: in an analysis, the position after `k` plies with
// move k's path and, where it lost tempi, the better move.
function shownGame() {
  const g = S.game;
  const r = S.review;
  if (!g || !r?.data) return g;
  const a = r.data;
  const m = r.k > 0 ? a.moves[r.k - 1] : null;
  return {
    ...g,
    pieces: a.positions[r.k] || g.pieces,
    last: m ? m.path : [],
    better: m && ['inaccuracy', 'mistake', 'blunder'].includes(m.class) ? m.best_path : null,
    ply: r.k,
    targets: {},
    losing: {},
  };
}

function paintBoard() {
  const g = shownGame();
  if (!g) return;
  const n = g.size || 8;
  const table = g.kind === 'table';
  // Quarter turns that bring the viewer's camp to the bottom left (Black's: two).
  const turns = typeof g.turns === 'number' ? g.turns : 0;
  if (!B || B.n !== n || B.turns !== turns) buildBoard(n, turns);
  const root = $('board');
  root.dataset.version = g.version ?? '';
  root.dataset.ply = g.ply ?? '';
  root.classList.toggle('table', table);
  // Two players' homes in the two-player tints; a table's camps in each seat's colour.
  const homeW = new Set(table ? [] : g.homes?.w || []);
  const homeB = new Set(table ? [] : g.homes?.b || []);
  const camp = new Map();
  if (table) for (const c of seats(g)) for (const s of g.homes?.[c] || []) camp.set(s, c);
  const last = Array.isArray(g.last) ? g.last.filter((s) => B.at[s]) : [];
  const ends = new Set(last.length > 1 ? [last[0], last[last.length - 1]] : []);
  const owner = new Map();
  for (const c of seats(g)) for (const s of g.pieces?.[c] || []) owner.set(s, c);
  const dests = (S.sel && g.targets?.[S.sel]) || {};
  const losing = new Set((S.sel && g.losing?.[S.sel]) || []);
  for (const [name, d] of B.cells) {
    d.classList.toggle('hw', homeW.has(name));
    d.classList.toggle('hb', homeB.has(name));
    for (const c of ['w', 'g', 'b', 'r']) d.classList.toggle('c' + c, camp.get(name) === c);
    d.classList.toggle('last', ends.has(name));
    d.classList.toggle('sel', name === S.sel);
    d.toggleAttribute('data-target', has(dests, name));
    d.classList.toggle('lose', losing.has(name));
    const c = owner.get(name);
    let p = d.querySelector('.piece');
    if (!c) {
      p?.remove();
      continue;
    }
    if (!p) {
      p = el('div');
      d.append(p);
    }
    // Keep the element while it is dragged: the drag holds on to it.
    p.className = 'piece ' + c + (drag?.on && drag.el === p ? ' drag' : '');
    p.dataset.piece = c;
    p.toggleAttribute('data-selected', name === S.sel);
  }
  // The last move's path: an edged line through every landing, a dot at each.
  // While a piece is picked, its destinations matter more than the last move.
  B.grid.classList.toggle('picking', !!S.sel);
  const svg = B.svg;
  svg.replaceChildren();
  if (last.length > 1) {
    const pts = last.map((s) => B.at[s].join(',')).join(' ');
    const line = { points: pts, fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
    svg.append(svgEl('polyline', { ...line, stroke: '#462400', 'stroke-width': 0.2 }));
    svg.append(svgEl('polyline', { ...line, stroke: '#ffb014', 'stroke-width': 0.11 }));
    for (const s of last.slice(1)) {
      const [x, y] = B.at[s];
      svg.append(svgEl('circle', { cx: x, cy: y, r: 0.12, fill: '#ffb014', stroke: '#462400', 'stroke-width': 0.045 }));
    }
  }
  // The better move an analysis names, in the selection's green.
  const better = Array.isArray(g.better) ? g.better.filter((s) => B.at[s]) : [];
  if (better.length > 1) {
    const pts = better.map((s) => B.at[s].join(',')).join(' ');
    const line = { points: pts, fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
    svg.append(svgEl('polyline', { ...line, stroke: '#08341a', 'stroke-width': 0.2 }));
    svg.append(svgEl('polyline', { ...line, stroke: '#18a050', 'stroke-width': 0.11, 'data-better': better.join('-') }));
    const [x, y] = B.at[better[better.length - 1]];
    svg.append(svgEl('circle', { cx: x, cy: y, r: 0.14, fill: '#18a050', stroke: '#08341a', 'stroke-width': 0.045 }));
  }
}

/* ---------- everything around the board ---------- */

const ACTIONS = [
  // viewer flag, action, text key, look, confirmation text key
  ['draw_answer', 'draw-accept', 'draw_accept', ''],
  ['draw_answer', 'draw-decline', 'draw_decline', 'secondary'],
  ['takeback_answer', 'takeback-accept', 'takeback_accept', ''],
  ['takeback_answer', 'takeback-decline', 'takeback_decline', 'secondary'],
  ['rematch', 'rematch', 'rematch', ''],
  ['takeback', 'takeback', 'takeback', 'secondary'],
  ['draw', 'draw', 'draw', 'secondary'],
  ['resign', 'resign', 'resign', 'danger', 'resign_confirm'],
  // A table's: a pass when the seat has no move, and leaving (the program plays on).
  ['pass', 'pass', 'pass', ''],
  ['leave', 'leave', 'leave_game', 'danger', 'leave_confirm'],
];

function paintInfo() {
  const g = S.game;
  $('review').hidden = !S.review;
  if (S.review) {
    paintReview();
    return;
  }
  const st = $('status');
  const fallback = g.result
    ? t(g.result.winner ? 'win_' + g.result.winner : 'drawn')
    : t(g.turn === 'b' ? 'turn_b' : 'turn_w');
  st.textContent = g.status || fallback;
  st.classList.toggle('mine', !!g.viewer?.move && !g.result);
  const reason = g.result?.reason || '';
  const sub = $('sub');
  sub.textContent = reason;
  sub.hidden = !reason || st.textContent.includes(reason);

  const table = g.kind === 'table';
  $('p-top').hidden = table;
  $('p-bottom').hidden = table;
  $('seats').hidden = !table;
  if (table) {
    seatList($('seats'));
  } else {
    const bottom = g.viewer?.seat === 'b' ? 'b' : 'w';
    playerBar($('p-bottom'), bottom);
    playerBar($('p-top'), other(bottom));
  }

  const acts = $('actions');
  acts.replaceChildren();
  for (const [flag, action, key, look, confirmKey] of ACTIONS) {
    if (!g.viewer?.[flag]) continue;
    const b = el('button', look, t(key));
    b.type = 'button';
    b.dataset.action = action;
    b.addEventListener('click', () => act(action, confirmKey));
    acts.append(b);
  }
  if (g.viewer?.analysis) {
    const b = el('button', 'secondary', '📈 ' + t('analysis'));
    b.type = 'button';
    b.dataset.action = 'analysis';
    b.addEventListener('click', openReview);
    acts.append(b);
  }

  const mv = $('moves');
  const moves = Array.isArray(g.moves) ? g.moves : [];
  mv.replaceChildren(el('span', 'cap', t('moves')));
  mv.hidden = moves.length === 0;
  let pair = null;
  // Every ply as [seat, "c3-e5"]: a table's each with its seat's mark, two sides' in
  // numbered pairs.
  if (table) {
    moves.forEach(([c, m], i) => {
      const e = el('span', 'mv' + (i === moves.length - 1 ? ' last' : ''), (g.players?.[c]?.mark || c) + ' ' + m);
      e.dataset.seat = c;
      mv.append(e, ' ');
    });
    mv.scrollTop = mv.scrollHeight;
    tick();
    return;
  }
  moves.forEach(([, m], i) => {
    if (i % 2 === 0) {
      pair = el('span', 'pair');
      pair.append(el('span', 'num', i / 2 + 1 + '.'));
      mv.append(pair);
    } else {
      pair.append(' ');
    }
    pair.append(el('span', 'mv' + (i === moves.length - 1 ? ' last' : ''), m));
  });
  mv.scrollTop = mv.scrollHeight;
  tick();
}

// A table's seats in turn order: mark, player, place, and the seat to move's countdown.
function seatList(box) {
  const g = S.game;
  box.replaceChildren();
  const medal = ['', '🥇', '🥈', '🥉'];
  for (const c of seats(g)) {
    const p = g.players?.[c] || {};
    const row = el('div', 'player ' + c + (g.turn === c && !g.result ? ' turn' : ''));
    row.dataset.seat = c;
    row.append(el('span', 'disc ' + c));
    row.append(el('span', 'name', p.name || p.seat || c));
    // The seat's colour in words too: the disc's colour is never the only clue.
    if (p.seat) row.append(el('span', 'tag', (p.mark ? p.mark + ' ' : '') + p.seat));
    // A seat whose person left is named by the program that plays it; the tag says the
    // person left, not the program.
    if (p.program && !p.left) row.append(el('span', 'tag', t('program')));
    if (g.viewer?.seat === c) row.append(el('span', 'tag', t('you')));
    if (p.left) row.append(el('span', 'tag', t('left_game')));
    if (typeof p.place === 'number') {
      const chip = el('span', 'chip', (medal[p.place] || '') + ' ' + p.place);
      chip.dataset.place = p.place;
      row.append(chip);
    }
    row.append(el('span', 'spacer'));
    const dl = el('span', 'deadline');
    dl.dataset.side = c;
    dl.hidden = true;
    const clock = el('span', 'clock');
    clock.dataset.side = c;
    clock.hidden = true;
    row.append(dl, clock);
    box.append(row);
  }
}

function playerBar(bar, c) {
  const g = S.game;
  const p = g.players?.[c];
  bar.replaceChildren();
  bar.className = 'player ' + c + (g.turn === c && !g.result ? ' turn' : '');
  bar.append(el('span', 'disc ' + c));
  bar.append(el('span', 'name', p?.name || t(c === 'w' ? 'white' : 'black')));
  if (p?.program) bar.append(el('span', 'tag', t('program')));
  if (g.viewer?.seat === c) bar.append(el('span', 'tag', t('you')));
  if (!g.result && g.offer?.draw === c) bar.append(el('span', 'chip', '🤝 ' + t('draw_offered')));
  if (!g.result && g.offer?.takeback === c) bar.append(el('span', 'chip', '↩ ' + t('takeback_asked')));
  if (g.result) {
    if (g.result.winner === c) bar.append(el('span', 'chip', '🏆'));
    else if (!g.result.winner) bar.append(el('span', 'chip', '½'));
  }
  bar.append(el('span', 'spacer'));
  const dl = el('span', 'deadline');
  dl.dataset.side = c;
  dl.hidden = true;
  const clock = el('span', 'clock');
  clock.dataset.side = c;
  clock.hidden = true;
  bar.append(dl, clock);
}

// Durations as a player reads them: m:ss, tenths in the last ten seconds, h:mm:ss, days.
function fmt(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)}${t('unit_d')} ${Math.floor((s % 86400) / 3600)}${t('unit_h')}`;
  const two = (x) => String(x).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  const base = `${Math.floor(s / 60)}:${two(s % 60)}`;
  return s < 10 ? base + '.' + Math.floor((ms % 1000) / 100) : base;
}

function tick() {
  const g = S.game;
  if (!g) return;
  const now = Date.now() + S.offset;
  const k = g.clocks;
  for (const e of document.querySelectorAll('#game .clock')) {
    const c = e.dataset.side;
    if (!k || typeof k[c] !== 'number') {
      e.hidden = true;
      continue;
    }
    const running = k.running === c && !g.result;
    const ms = running ? k[c] - (now - (k.server_time ?? now)) : k[c];
    e.hidden = false;
    e.textContent = fmt(ms);
    e.classList.toggle('run', running);
    e.classList.toggle('low', running && ms < 20000);
  }
  for (const e of document.querySelectorAll('#game .deadline')) {
    const on = typeof g.deadline === 'number' && !g.result && g.turn === e.dataset.side;
    e.hidden = !on;
    if (!on) continue;
    const ms = g.deadline - now;
    e.textContent = '⏳ ' + fmt(ms);
    e.title = t('move_in');
    e.classList.toggle('low', ms < 10000);
  }
}
setInterval(tick, 200);

/* ---------- input: taps and drags ---------- */

async function move(from, to) {
  const g = S.game;
  let confirm = false;
  if ((g.losing?.[from] || []).includes(to)) {
    if (!(await ask(t('losing_confirm')))) return;
    confirm = true;
  }
  S.busy = true;
  const ans = await call('POST', gamePath('/move'), { from, to, ply: g.ply, confirm });
  S.busy = false;
  if (ans) {
    S.sel = null;
    safe(() => tg?.HapticFeedback?.impactOccurred('light'));
    accept(ans);
  }
  paintBoard();
}

async function act(action, confirmKey) {
  if (S.busy || !S.game) return;
  if (confirmKey && !(await ask(t(confirmKey)))) return;
  S.busy = true;
  const ans = await call('POST', gamePath('/' + action), { ply: S.game.ply });
  S.busy = false;
  if (!ans) return;
  // A rematch may answer with the new game: follow it.
  if (ans.token && ans.token !== S.token) {
    history.replaceState(history.state, '', '?game=' + enc(ans.token) + location.hash);
    openGame(ans.token, ans);
  } else {
    accept(ans);
  }
}

function tap(sq) {
  if (S.busy || !S.game) return;
  if (sq && isTarget(sq)) {
    move(S.sel, sq);
    return;
  }
  S.sel = sq && sq !== S.sel && selectable(sq) ? sq : null;
  paintBoard();
}

let drag = null; // {from, id, x0, y0, el, on, over}

function squareAt(x, y) {
  const r = B.grid.getBoundingClientRect();
  const c = Math.floor(((x - r.left) / r.width) * B.n);
  const w = Math.floor(((y - r.top) / r.height) * B.n);
  return c >= 0 && c < B.n && w >= 0 && w < B.n ? B.names[w * B.n + c] : null;
}

function endDrag() {
  const d = drag;
  drag = null;
  if (!d?.on) return d;
  d.el.style.transform = '';
  d.el.classList.remove('drag');
  d.over?.classList.remove('over');
  // The click that follows a drop is not a tap.
  S.noClickUntil = Date.now() + 400;
  return d;
}

function wireBoard() {
  const board = $('board');
  board.addEventListener('click', (e) => {
    if (Date.now() < S.noClickUntil) return;
    tap(e.target.closest?.('[data-square]')?.dataset.square ?? null);
  });
  // A tap outside the board clears the selection too.
  document.addEventListener('click', (e) => {
    if (S.sel && !board.contains(e.target) && !S.busy) {
      S.sel = null;
      paintBoard();
    }
  });
  board.addEventListener('pointerdown', (e) => {
    if (S.busy || e.button > 0 || !B) return;
    const d = e.target.closest?.('[data-square]');
    const p = d?.querySelector('.piece');
    if (!p || !selectable(d.dataset.square)) return;
    drag = { from: d.dataset.square, id: e.pointerId, x0: e.clientX, y0: e.clientY, el: p, on: false, over: null };
  });
  board.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x0;
    const dy = e.clientY - drag.y0;
    if (!drag.on) {
      if (Math.hypot(dx, dy) < 8) return;
      drag.on = true;
      safe(() => board.setPointerCapture(e.pointerId));
      S.sel = drag.from;
      paintBoard();
    }
    drag.el.style.transform = `translate(${dx}px, ${dy}px) scale(1.15)`;
    const sq = squareAt(e.clientX, e.clientY);
    const over = sq && isTarget(sq) ? B.cells.get(sq) : null;
    if (over !== drag.over) {
      drag.over?.classList.remove('over');
      over?.classList.add('over');
      drag.over = over;
    }
  });
  board.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = endDrag();
    if (!d.on) return;
    const to = squareAt(e.clientX, e.clientY);
    if (to && to !== d.from && isTarget(to)) move(d.from, to);
    else paintBoard();
  });
  board.addEventListener('pointercancel', () => {
    if (endDrag()) paintBoard();
  });
}


/* ---------- a finished game's analysis ---------- */

const ERRORS = ['inaccuracy', 'mistake', 'blunder'];
const MARK = { inaccuracy: '?!', mistake: '?', blunder: '??' };

function closeReview() {
  if (S.review) clearTimeout(S.review.timer);
  S.review = null;
}

// Ask for the analysis; while it is being made, ask again now and then.
async function openReview() {
  if (!S.game) return;
  const token = S.token;
  if (!S.review) S.review = { data: null, k: 0, timer: 0, ahead: null };
  // This review: an answer that comes after it was left (or left and opened again) is
  // dropped, so only one asking loop ever runs.
  const r = S.review;
  paintInfo();
  let a;
  try {
    a = await api('GET', gamePath('/analysis'));
  } catch (e) {
    if (S.review !== r) return;
    closeReview();
    toast(e.message);
    paintInfo();
    return;
  }
  if (S.token !== token || S.review !== r) return;
  if (a?.state !== 'ready') {
    S.review.ahead = typeof a?.ahead === 'number' ? a.ahead : null;
    S.review.timer = setTimeout(openReview, 1500);
    paintInfo();
    return;
  }
  S.review.data = a;
  S.review.k = a.moves.length;
  paint();
}

function paint() {
  paintBoard();
  paintInfo();
}

function step(to) {
  const r = S.review;
  if (!r?.data) return;
  const k = Math.max(0, Math.min(r.data.moves.length, to));
  if (k === r.k) return;
  r.k = k;
  paint();
}

// A percentage as the page's language writes it (87.3% in English, 87,3 % in Russian).
function percent(v) {
  if (typeof v !== 'number') return '—';
  return document.documentElement.lang === 'ru' ? String(v).replace('.', ',') + ' %' : v + '%';
}

function moveLabel(m) {
  const n = Math.floor(m.ply / 2) + 1;
  return n + (m.side === 'w' ? '. ' : '… ') + m.move + (MARK[m.class] ? ' ' + MARK[m.class] : '');
}

function paintReview() {
  const r = S.review;
  const box = $('review');
  box.replaceChildren();
  const st = $('status');
  st.classList.remove('mine');
  $('actions').replaceChildren();
  const back = el('button', 'secondary', t('analysis_back'));
  back.type = 'button';
  back.dataset.action = 'analysis-back';
  back.addEventListener('click', () => {
    closeReview();
    paint();
  });
  $('actions').append(back);
  if (!r.data) {
    st.textContent = r.ahead ? t('analysis_queued') + ': ' + r.ahead : t('analysing');
    box.dataset.state = 'waiting';
    $('moves').hidden = true;
    return;
  }
  const a = r.data;
  box.dataset.state = 'ready';
  box.dataset.ply = r.k;
  st.textContent = t('analysis');
  // Each side's accuracy and errors.
  const sum = el('div', 'acc');
  for (const c of ['w', 'b']) {
    const n = a.counts?.[c] || {};
    const p = el('span', 'side ' + c);
    p.dataset.side = c;
    p.textContent = `${c === 'w' ? '⚪' : '⚫'} ${t('accuracy')} ${percent(a.accuracy?.[c])} · ?! ${n.inaccuracy ?? 0} · ? ${n.mistake ?? 0} · ?? ${n.blunder ?? 0}`;
    sum.append(p);
  }
  box.append(sum);
  // The move shown and its verdict.
  const m = r.k > 0 ? a.moves[r.k - 1] : null;
  const cap = el('div', 'verdict' + (m ? ' k-' + m.class : ''));
  cap.dataset.class = m ? m.class : '';
  if (!m) {
    cap.textContent = t('start_pos');
  } else {
    let text = moveLabel(m) + ' — ' + (m.class_name || t('c_' + m.class));
    if (m.loss > 0) text += ` (−${m.loss} ${t(m.loss === 1 ? 'tempo' : 'tempi')})`;
    if (ERRORS.includes(m.class)) text += '. ' + t('better') + ': ' + m.best;
    cap.textContent = text;
  }
  box.append(cap);
  // Stepping.
  const nav = el('div', 'nav');
  const btn = (label, to, name) => {
    const b = el('button', 'secondary', label);
    b.type = 'button';
    b.dataset.step = name;
    b.addEventListener('click', () => step(to()));
    nav.append(b);
  };
  btn('⏮', () => 0, 'first');
  btn(t('prev'), () => r.k - 1, 'prev');
  btn(t('next'), () => r.k + 1, 'next');
  btn('⏭', () => a.moves.length, 'last');
  box.append(nav);
  box.append(chart(a, r.k));
  // The moves with their classes; a tap goes there.
  const mv = $('moves');
  mv.replaceChildren(el('span', 'cap', t('moves')));
  mv.hidden = a.moves.length === 0;
  a.moves.forEach((x, i) => {
    const e = el('span', 'mv k-' + x.class + (i === r.k - 1 ? ' last' : ''), moveLabel(x));
    e.dataset.ply = i + 1;
    e.dataset.class = x.class;
    e.addEventListener('click', () => step(i + 1));
    mv.append(e, ' ');
  });
  mv.querySelector('.mv.last')?.scrollIntoView?.({ block: 'nearest' });
}

// The balance after each move, White's way up; the move shown marked; a tap steps there.
function chart(a, k) {
  const vals = Array.isArray(a.balance) ? a.balance : [];
  const n = Math.max(1, vals.length - 1);
  const W = 300;
  const H = 90;
  let lo = Math.min(-3, ...vals);
  let hi = Math.max(3, ...vals);
  const y = (v) => H - 6 - ((v - lo) / (hi - lo)) * (H - 12);
  const x = (i) => 4 + (i / n) * (W - 8);
  const svg = svgEl('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('balance') });
  svg.append(svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'bg' }));
  svg.append(svgEl('line', { x1: 4, x2: W - 4, y1: y(0), y2: y(0), class: 'zero' }));
  svg.append(svgEl('polyline', { points: vals.map((v, i) => `${x(i)},${y(v)}`).join(' '), class: 'line' }));
  (a.moves || []).forEach((m, i) => {
    if (ERRORS.includes(m.class)) svg.append(svgEl('circle', { cx: x(i + 1), cy: y(vals[i + 1] ?? 0), r: 2.6, class: 'err k-' + m.class }));
  });
  svg.append(svgEl('line', { x1: x(k), x2: x(k), y1: 2, y2: H - 2, class: 'at' }));
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    if (!box.width) return;
    step(Math.round(((e.clientX - box.left) / box.width) * n));
  });
  const title = el('div', 'chart-box');
  title.append(el('div', 'cap', t('balance')), svg);
  return title;
}

function wireReview() {
  document.addEventListener('keydown', (e) => {
    const r = S.review;
    if (!r?.data) return;
    const to = { ArrowLeft: r.k - 1, ArrowRight: r.k + 1, Home: 0, End: r.data.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    step(to);
  });
  // A swipe across the board: to the left for the next move, to the right for the one before.
  const board = $('board');
  let start = null;
  board.addEventListener('pointerdown', (e) => {
    if (S.review?.data) start = { x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  board.addEventListener('pointerup', (e) => {
    if (!start || e.pointerId !== start.id || !S.review?.data) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(S.review.k + (dx < 0 ? 1 : -1));
  });
  board.addEventListener('pointercancel', () => (start = null));
}

/* ---------- live updates ---------- */

function connect() {
  if (S.es || !S.token || !S.session) return;
  clearTimeout(S.retry);
  const token = S.token;
  const es = new EventSource(gamePath('/events?session=' + enc(S.session)));
  S.es = es;
  es.addEventListener('game', (e) => {
    S.backoff = 1000;
    S.failures = 0;
    const g = safe(() => JSON.parse(e.data));
    if (S.token === token) accept(g);
  });
  es.onerror = () => {
    if (S.es !== es) return;
    // Take over from EventSource's own retry: back off, and renew the session first.
    es.close();
    S.es = null;
    if (++S.failures === 2) toast(t('reconnecting'));
    later();
  };
}

// Exponential backoff: 1 s doubling to 30 s, back to 1 s after a game event.
function later() {
  const wait = S.backoff;
  S.backoff = Math.min(S.backoff * 2, 30000);
  clearTimeout(S.retry);
  S.retry = setTimeout(reconnect, wait);
}

// Catch up by a plain read (which also renews a lapsed session), then listen again.
async function reconnect() {
  const token = S.token;
  if (!token || S.es) return;
  try {
    const g = await api('GET', gamePath());
    if (S.token === token) accept(g);
  } catch {
    // Offline or refused: the stream tells (it fails and backs off) or we try later.
  }
  if (S.token !== token || S.es) return;
  if (S.session) connect();
  else later();
}

document.addEventListener('visibilitychange', async () => {
  if (document.visibilityState !== 'visible' || !S.token) return;
  if (!S.es || S.es.readyState === EventSource.CLOSED) {
    S.es?.close();
    S.es = null;
    clearTimeout(S.retry);
    S.backoff = 1000;
    reconnect();
    return;
  }
  const token = S.token;
  try {
    const g = await api('GET', gamePath());
    if (S.token === token) accept(g);
  } catch {
    // The stream will bring it.
  }
});

/* ---------- pages: one game, or the viewer's games ---------- */

function closeGame() {
  closeReview();
  closeTournament();
  S.es?.close();
  S.es = null;
  clearTimeout(S.retry);
  S.token = null;
  S.game = null;
  S.sel = null;
  S.drawn = -1;
  S.backoff = 1000;
  S.failures = 0;
}

function showBack(on) {
  const b = $('back');
  b.hidden = !on;
  b.textContent = '‹ ' + t('games');
  safe(() => (on ? tg?.BackButton?.show() : tg?.BackButton?.hide()));
}

async function openGame(token, first) {
  closeGame();
  S.token = token;
  B = null;
  $('board').replaceChildren();
  $('list').hidden = true;
  $('game').hidden = true;
  $('sub').hidden = true;
  showBack(!!history.state?.fromList);
  const st = $('status');
  st.classList.remove('mine');
  st.textContent = t('loading');
  if (first) {
    accept(first);
  } else {
    try {
      const g = await api('GET', gamePath());
      if (S.token !== token) return;
      // The server names the game: a launch parameter may be another name for it.
      if (typeof g?.token === 'string' && g.token) S.token = g.token;
      accept(g);
    } catch (e) {
      if (S.token !== token) return;
      st.textContent = e.message;
    }
  }
  connect();
}

async function showList() {
  closeGame();
  showBack(false);
  $('game').hidden = true;
  $('sub').hidden = true;
  const st = $('status');
  st.classList.remove('mine');
  st.textContent = t('games');
  const box = $('list');
  box.replaceChildren();
  box.hidden = false;
  let games;
  try {
    games = await api('GET', 'api/games');
  } catch (e) {
    box.append(el('p', 'empty', e.message));
    return;
  }
  if (S.token) return;
  if (!Array.isArray(games) || games.length === 0) {
    box.append(el('p', 'empty', t('no_games')));
    return;
  }
  for (const g of games) {
    const a = el('a', 'item');
    a.href = '?game=' + enc(g.token);
    a.dataset.game = g.token;
    const who = el('span', 'who');
    who.append(el('span', 'opp', g.opponent || '—'), el('span', 'var', g.variant || ''));
    a.append(who, el('span', 'badge' + (g.your_turn ? ' mine' : ''), t(g.your_turn ? 'your_move' : 'their_move')));
    a.addEventListener('click', (e) => {
      e.preventDefault();
      history.pushState({ fromList: true }, '', '?game=' + enc(g.token) + location.hash);
      openGame(g.token);
    });
    box.append(a);
  }
}

// A tournament: its standings as the group's picture has them, and its latest round's
// boards, each opening its game; kept live by its event stream while it is shown.
async function showTournament(token) {
  closeGame();
  showBack(!!history.state?.fromList);
  $('game').hidden = true;
  $('sub').hidden = true;
  const st = $('status');
  st.classList.remove('mine');
  st.textContent = t('loading');
  const box = $('list');
  box.replaceChildren();
  box.hidden = false;
  S.tournament = token;
  S.shownT = -1;
  let e;
  try {
    e = await api('GET', 'api/tournament/' + enc(token));
  } catch (err) {
    if (S.tournament === token) st.textContent = err.message;
    return;
  }
  if (S.tournament !== token) return;
  drawTournament(e);
  listenTournament(token);
}

function closeTournament() {
  S.tes?.close();
  S.tes = null;
  clearTimeout(S.tretry);
  S.tournament = null;
}

// Follow the tournament's changes; on a lost stream, read it again and listen anew,
// backing off as a game's page does.
function listenTournament(token) {
  if (S.tes || S.tournament !== token || !S.session) return;
  const es = new EventSource('api/tournament/' + enc(token) + '/events?session=' + enc(S.session));
  S.tes = es;
  es.addEventListener('tournament', (ev) => {
    S.tbackoff = 1000;
    const e = safe(() => JSON.parse(ev.data));
    if (e && S.tournament === token) drawTournament(e);
  });
  es.onerror = () => {
    if (S.tes !== es) return;
    es.close();
    S.tes = null;
    const wait = S.tbackoff || 1000;
    S.tbackoff = Math.min(wait * 2, 30000);
    clearTimeout(S.tretry);
    S.tretry = setTimeout(async () => {
      if (S.tournament !== token) return;
      try {
        const e = await api('GET', 'api/tournament/' + enc(token));
        if (S.tournament === token) drawTournament(e);
      } catch {
        // Offline or refused: the stream fails again and backs off.
      }
      listenTournament(token);
    }, wait);
  };
}

function drawTournament(e) {
  // An older answer (a read racing the stream) never replaces a newer one.
  if (typeof e.version === 'number' && e.version < S.shownT) return;
  S.shownT = e.version ?? S.shownT;
  const st = $('status');
  st.textContent = e.title;
  const sub = $('sub');
  sub.textContent = e.subtitle;
  sub.hidden = false;
  const box = $('list');
  box.replaceChildren();
  const table = el('table', 'standings');
  const head = el('tr');
  for (const c of e.columns) head.append(el('th', null, c));
  table.append(head);
  e.rows.forEach((row, i) => {
    const tr = el('tr', i < e.leaders ? 'lead' : null);
    for (const c of row) tr.append(el('td', null, c));
    table.append(tr);
  });
  const wrap = el('div', 'standings-wrap');
  wrap.append(table);
  box.append(wrap);
  if (e.round > 0) {
    box.append(el('h3', 'round', e.rounds ? e.round + ' / ' + e.rounds : String(e.round)));
  }
  for (const b of e.boards) {
    const a = el(b.token ? 'a' : 'div', 'item');
    const who = el('span', 'who');
    // A pairing names White and Black; a table its seats in turn order.
    const names = b.seats
      ? b.seats.map((s) => s.name + ' (' + s.points + ')').join(' · ')
      : b.white + ' (' + b.white_points + ') – ' + b.black + ' (' + b.black_points + ')';
    who.append(el('span', 'opp', names));
    a.append(who, el('span', 'badge' + (b.result ? '' : ' mine'), b.result || '▶'));
    if (b.token) {
      a.href = '?game=' + enc(b.token);
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        history.pushState({ fromList: true }, '', '?game=' + enc(b.token) + location.hash);
        openGame(b.token);
      });
    }
    box.append(a);
  }
  if (e.bye) box.append(el('p', 'empty', t('bye') + ': ' + e.bye));
}

function route() {
  const q = new URLSearchParams(location.search);
  const token = q.get('game');
  const tournament = q.get('tournament');
  if (token) openGame(token);
  else if (tournament) showTournament(tournament);
  else showList();
}

async function main() {
  safe(() => tg?.ready());
  safe(() => tg?.expand());
  safe(() => tg?.disableVerticalSwipes?.());
  safe(() => tg?.BackButton?.onClick(() => history.back()));
  $('back').addEventListener('click', () => history.back());
  window.addEventListener('popstate', route);
  wireBoard();
  wireReview();
  const st = $('status');
  st.textContent = '…';
  try {
    await exchange();
  } catch (e) {
    st.textContent = e.message;
    return;
  }
  document.title = t('title');
  const start = startParam();
  const q = new URLSearchParams(location.search);
  // `t…`: a tournament's link; any other start parameter names a game.
  if (start && start.startsWith('t') && !q.get('game')) showTournament(start.slice(1));
  else if (start && !q.get('game')) openGame(start);
  else route();
}

main();
