#include "tournament/report_assets.h"

namespace ggp::tournament {

const char* const kReportCss = R"CSS(
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1180px; color: #1b1b1b; padding: 0 16px; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; border-bottom: 1px solid #ddd; padding-bottom: 3px; margin-top: 28px; }
p.note { margin: 2px 0; color: #444; font-family: ui-monospace, monospace; font-size: 12.5px; white-space: pre-wrap; }
p.explain { color: #555; margin: 6px 0; }
table { border-collapse: collapse; margin: 10px 0; font-size: 13px; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 3px 9px; text-align: left; }
th { background: #f5f5f5; }
table.matches td:nth-child(1), table.matches td:nth-child(6), table.matches td:nth-child(8) { text-align: right; }
svg text { font: 12.5px system-ui, sans-serif; fill: #222; }
svg .bar { fill: #4c78a8; }
svg .err line { stroke: #111; stroke-width: 1.6; }
svg .grid { stroke: #e6e6e6; }
svg .zero { stroke: #888; stroke-dasharray: 3 3; }
svg .axis { fill: #777; font-size: 11px; }
svg rect.heat { stroke: #fff; }
svg rect.heat.none { stroke: #eee; }
.maps { display: flex; flex-wrap: wrap; gap: 8px 28px; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-top: 6px; }
#replay { border: 1px solid #ccc; border-radius: 6px; padding: 10px 16px 16px; margin: 16px 0; background: #fcfcfc; }
#replay .head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
#replay .controls { margin: 8px 0; display: flex; align-items: center; gap: 6px; }
#replay .controls input[type=range] { width: 320px; }
#replay .body { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
#replay ol.moves { max-height: 460px; overflow-y: auto; margin: 0; padding-left: 36px; font-family: ui-monospace, monospace; font-size: 12.5px; min-width: 240px; }
#replay ol.moves li.current { background: #ffe9a8; }
#replay ol.moves li .error { color: #b00020; font-weight: 600; }
#replay pre.facts { max-height: 460px; overflow: auto; font-size: 12px; background: #f4f4f4; padding: 6px 8px; margin: 0; min-width: 220px; }
#replay svg.board rect.cell.dark { fill: #b58863; }
#replay svg.board rect.cell.light { fill: #f0d9b5; }
#replay svg.board circle.piece { stroke: #333; stroke-width: 1; }
#replay svg.board text.mark { font-size: 11px; font-weight: 600; }
)CSS";

const char* const kReportScript = R"JS(
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const byId = new Map(data.matches.map(function (m) { return [m.id, m]; }));
  const panel = document.getElementById('replay');
  const SVG = 'http://www.w3.org/2000/svg';
  const EMPTY = new Set(['b', 'blank', 'empty']);
  const PALETTE = ['#1f1f1f', '#fafafa', '#d62728', '#1f77b4', '#ffbf00', '#2ca02c', '#9467bd',
                   '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f'];
  const NAMED = new Map([['black', '#1f1f1f'], ['white', '#fafafa'], ['red', '#d62728'],
                         ['blue', '#1f77b4'], ['yellow', '#ffbf00'], ['green', '#2ca02c'],
                         ['purple', '#9467bd'], ['orange', '#ff7f0e'], ['cyan', '#17becf'],
                         ['brown', '#8c564b'], ['magenta', '#e377c2'], ['pink', '#e377c2'],
                         ['grey', '#7f7f7f'], ['gray', '#7f7f7f']]);

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // "(cell 1 2 x)" as its four words; null for a nested fact.
  function words(fact) {
    if (fact[0] !== '(' || fact.indexOf('(', 1) >= 0) return null;
    return fact.slice(1, -1).trim().split(/\s+/);
  }
  // Every state of a match as a sorted list of facts (the page stores differences).
  function states(m) {
    const out = [];
    const now = new Set(m.states[0]);
    out.push(now);
    for (let i = 1; i < m.states.length; i++) {
      const next = new Set(out[i - 1]);
      for (const d of m.states[i]) { if (d > 0) next.add(d - 1); else next.delete(-d - 1); }
      out.push(next);
    }
    return out.map(function (s) { return Array.from(s, function (id) { return data.terms[id]; }).sort(); });
  }
  function markColours(board, all) {
    const marks = new Set();
    for (const facts of all) for (const f of facts) {
      const w = words(f);
      if (w && w.length >= 4 && w[0] === board.relation && !EMPTY.has(w[3])) marks.add(w[3]);
    }
    // A mark that names a colour is drawn in it; the others take the palette's unused colours.
    const colours = new Map();
    const used = new Set();
    for (const m of marks)
      if (NAMED.has(m.toLowerCase())) { colours.set(m, NAMED.get(m.toLowerCase())); used.add(NAMED.get(m.toLowerCase())); }
    const free = PALETTE.filter(function (c) { return !used.has(c); });
    Array.from(marks).sort().filter(function (m) { return !colours.has(m); })
      .forEach(function (m, i) { colours.set(m, free[i % free.length]); });
    return colours;
  }
  // A piece's label: its first word when short (x, o, wp), else its later words' initials (king:
  // K) or its first two letters; several marks on a square joined by commas.
  function label(marks) {
    return marks.map(function (w) {
      if (w.length > 1) return w.slice(1).map(function (x) { return x[0].toUpperCase(); }).join('');
      return w[0].length <= 3 ? w[0] : w[0].slice(0, 2);
    }).join(',');
  }
  function drawBoard(board, facts, colours) {
    const marks = new Map();
    for (const f of facts) {
      const w = words(f);
      if (!w || w.length < 4 || w[0] !== board.relation || EMPTY.has(w[3])) continue;
      const key = w[1] + '\u0001' + w[2];
      if (!marks.has(key)) marks.set(key, []);
      marks.get(key).push(w.slice(3));  // the mark's words: colour by the first, e.g. (black king)
    }
    let rows = board.first_is_row ? board.first : board.second;
    const cols = board.first_is_row ? board.second : board.first;
    if (!board.top_down) rows = rows.slice().reverse();
    const size = Math.max(18, Math.min(48, Math.floor(440 / Math.max(rows.length, cols.length))));
    const pad = 26;
    const s = svg('svg', { class: 'board', width: pad + cols.length * size + 4,
                           height: pad + rows.length * size + 4 });
    cols.forEach(function (c, j) {
      s.appendChild(svg('text', { x: pad + j * size + size / 2, y: 16, 'text-anchor': 'middle', class: 'label' }, c));
    });
    rows.forEach(function (r, i) {
      s.appendChild(svg('text', { x: pad - 6, y: pad + i * size + size / 2 + 4, 'text-anchor': 'end', class: 'label' }, r));
      cols.forEach(function (c, j) {
        const x = pad + j * size, y = pad + i * size;
        s.appendChild(svg('rect', { class: 'cell ' + ((i + j) % 2 ? 'dark' : 'light'), x: x, y: y,
                                    width: size, height: size, 'data-row': r, 'data-col': c }));
        const key = board.first_is_row ? r + '\u0001' + c : c + '\u0001' + r;
        const here = marks.get(key);
        if (!here) return;
        const fill = colours.get(here[0][0]) || '#999';
        s.appendChild(svg('circle', { class: 'piece', cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: fill }));
        const dark = ['#1f1f1f', '#1f77b4', '#d62728', '#9467bd', '#2ca02c', '#8c564b', '#7f7f7f'].indexOf(fill) >= 0;
        s.appendChild(svg('text', { class: 'mark', x: x + size / 2, y: y + size / 2 + 4, 'text-anchor': 'middle',
                                    style: 'fill:' + (dark ? '#fff' : '#111') }, label(here)));
      });
    });
    return s;
  }

  let current = null;  // { m, all, colours, step }
  function show(step) {
    const c = current;
    c.step = Math.max(0, Math.min(step, c.all.length - 1));
    const game = data.games[c.m.game];
    panel.querySelector('.step').textContent = 'state ' + c.step + ' of ' + (c.all.length - 1);
    panel.querySelector('input[type=range]').value = c.step;
    const view = panel.querySelector('.view');
    view.replaceChildren();
    if (game.board) view.appendChild(drawBoard(game.board, c.all[c.step], c.colours));
    panel.querySelector('pre.facts').textContent = c.all[c.step].join('\n');
    panel.querySelectorAll('ol.moves li').forEach(function (li, i) {
      li.classList.toggle('current', i + 1 === c.step);
    });
    const li = panel.querySelector('ol.moves li.current');
    if (li && li.scrollIntoView) li.scrollIntoView({ block: 'nearest' });
  }
  function open(m, step) {
    const game = data.games[m.game];
    const all = states(m);
    current = { m: m, all: all, colours: game.board ? markColours(game.board, all) : null, step: 0 };
    panel.replaceChildren();
    const head = el('div', { class: 'head' });
    const title = m.id + ' (' + game.name + '): ' + m.players.join(' vs ') +
                  (m.aborted ? ', aborted: ' + (m.reason || '') : ', goals ' + m.goals.join(' '));
    head.appendChild(el('h2', {}, 'Replay ' + title));
    head.appendChild(el('a', { href: '#' }, 'close'));
    panel.appendChild(head);
    const controls = el('div', { class: 'controls' });
    const buttons = [['\u00ab', function () { show(0); }], ['\u2039', function () { show(current.step - 1); }],
                     ['\u203a', function () { show(current.step + 1); }], ['\u00bb', function () { show(all.length - 1); }]];
    for (const [label, act] of buttons) {
      const b = el('button', { type: 'button' }, label);
      b.addEventListener('click', act);
      controls.appendChild(b);
    }
    const range = el('input', { type: 'range', min: 0, max: all.length - 1, value: 0 });
    range.addEventListener('input', function () { show(parseInt(range.value, 10)); });
    controls.appendChild(range);
    controls.appendChild(el('span', { class: 'step' }));
    panel.appendChild(controls);
    const body = el('div', { class: 'body' });
    body.appendChild(el('div', { class: 'view' }));
    const moves = el('ol', { class: 'moves' });
    const errors = new Map();
    for (const [turn, role, code] of m.errors) errors.set(turn + ':' + role, code);
    m.moves.forEach(function (joint, t) {
      const li = el('li');
      joint.forEach(function (id, r) {
        if (r) li.appendChild(document.createTextNode('  '));
        li.appendChild(document.createTextNode(data.terms[id]));
        const code = errors.get(t + ':' + r);
        if (code) li.appendChild(el('span', { class: 'error' }, ' [' + code + ']'));
      });
      li.addEventListener('click', function () { show(t + 1); });
      moves.appendChild(li);
    });
    body.appendChild(moves);
    body.appendChild(el('pre', { class: 'facts' }));
    panel.appendChild(body);
    panel.hidden = false;
    show(step);
  }
  function route() {
    const params = new URLSearchParams(location.hash.slice(1));
    const m = byId.get(params.get('replay') || '');
    if (!m) { panel.hidden = true; current = null; return; }
    open(m, parseInt(params.get('step') || '0', 10) || 0);
    if (!params.get('step')) panel.scrollIntoView();
  }
  document.addEventListener('keydown', function (e) {
    if (!current) return;
    if (e.key === 'ArrowRight') show(current.step + 1);
    if (e.key === 'ArrowLeft') show(current.step - 1);
  });
  window.addEventListener('hashchange', route);
  route();
})();
)JS";

}  // namespace ggp::tournament
