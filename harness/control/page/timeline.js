// The live timeline: the marks of timeline.svg (their row, colour and words come from the harness,
// which computes them for the SVG too), drawn for the last minutes and moving with the clock. The
// page keeps the newest KEEP marks and draws at most DRAW of them, the newest in the view: with
// thousands of events a second the page stays as quick as with ten. Every event stays in the
// harness's timeline.json. A mark's whole text shows on hover; a click shows it with every line
// of its request.
import { s, h, clock } from './dom.js';
import { t } from './i18n.js';

/** Marks the page keeps (the harness sends at most this many at once: live-timeline.ts BATCH_EVENTS). */
const KEEP = 5000;
/** Marks drawn at most: the newest in the view. */
const DRAW = 1500;
const LEFT = 130;
const TOP = 8;
const TRACK_H = 16;
const TRACKS = 3;
/** The share of the view right of now. */
const EDGE = 0.04;
/** How often the view moves with the clock. */
const FRAME_MS = 250;
/** The longest wait between layouts while marks keep coming. */
const MAX_GAP_MS = 2000;
/** How often the marks are laid out again with no new ones (some have left the view). */
const RELAYOUT_MS = 2000;

function set(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    const text = String(v);
    if (el.getAttribute(k) !== text) el.setAttribute(k, text);
  }
}

function niceStep(span) {
  const raw = span / 8;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((x) => x >= raw);
}

export class TimelineView {
  /** @param {{view: HTMLElement, tip: HTMLElement, detail: HTMLElement, note: HTMLElement, legend: HTMLElement, scroll: HTMLInputElement}} el */
  constructor(el) {
    this.el = el;
    /** Every mark kept, by its number. */
    this.byN = new Map();
    /** Requests, by id (`b3`): their lines link to them. */
    this.byId = new Map();
    this.sorted = [];
    this.unsorted = false;
    this.start = 0;
    this.total = 0;
    this.dropped = 0;
    this.windowMs = 120_000;
    this.paused = false;
    this.back = 0;
    this.selected = undefined;
    this.rows = [];
    /** The drawn marks' elements, by number: kept from one layout to the next, so that a mark under the pointer stays the same element. */
    this.elements = new Map();
    /** The marks must be laid out again: `stale` with new or changed marks (at most every FRAME_MS, a
     *  busy log sends many batches a second), `urgent` at once (another window, size, scroll, rows). */
    this.stale = true;
    this.urgent = true;
    el.view.addEventListener('mousemove', (e) => this.hover(e));
    el.view.addEventListener('mouseleave', () => (el.tip.hidden = true));
    el.view.addEventListener('click', (e) => this.click(e));
    el.scroll.addEventListener('input', () => {
      this.back = Number(el.scroll.max) - Number(el.scroll.value);
      this.urgent = true;
    });
    new ResizeObserver(() => (this.urgent = true)).observe(el.view);
    // Marks move left with the clock; now and then the view takes the ones that left it out.
    setInterval(() => {
      if (!this.paused) this.stale = true;
    }, RELAYOUT_MS);
    let moved = 0;
    let laidOut = 0;
    // A layout costs more with more marks changing (a busy log): the next waits the longer, so that
    // the page keeps most of its time for the user (about a tenth on layouts, more for drawing them).
    let gap = FRAME_MS;
    const frame = (now) => {
      const layout = this.urgent || (this.stale && now - laidOut >= gap);
      if (layout) {
        const began = performance.now();
        this.layout();
        const took = performance.now() - began;
        gap = Math.min(MAX_GAP_MS, Math.max(FRAME_MS, 10 * took));
        laidOut = now;
        this.stale = this.urgent = false;
      }
      if (layout || (!this.paused && now - moved >= FRAME_MS)) {
        this.move();
        moved = now;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  /** The harness's rows and legend, and the marks it has so far. */
  reset(hello) {
    this.rows = hello.rows;
    this.start = hello.timeline.start;
    this.total = hello.timeline.total;
    this.dropped = hello.timeline.dropped;
    this.byN.clear();
    this.byId.clear();
    this.sorted = [];
    this.svg = undefined;
    this.urgent = true;
    this.add(hello.timeline.events, false);
    this.el.legend.replaceChildren(...hello.legend.map(([colour, meaning, shape]) => h('span', { class: `key ${shape}` }, h('i', { dataset: { colour } }), meaning)));
    for (const i of this.el.legend.querySelectorAll('i')) i.style.setProperty('--c', i.dataset.colour);
  }

  /** New marks, and marks that changed (linked, answered). */
  batch({ events, updates, skipped }) {
    this.total += skipped;
    this.add(events, true);
    for (const u of updates) {
      const had = this.byN.get(u.n);
      if (!had) continue;
      Object.assign(had, u);
      if (u.id) this.byId.set(u.id, had);
      this.unsorted = true;
    }
    this.stale = true;
  }

  add(events, counted) {
    for (const e of events) {
      this.byN.set(e.n, e);
      if (e.id) this.byId.set(e.id, e);
      const last = this.sorted[this.sorted.length - 1];
      if (last && last.t > e.t) this.unsorted = true;
      this.sorted.push(e);
    }
    if (counted) this.total += events.length;
    this.stale = true;
  }

  /** Keeps the newest KEEP marks (at a layout: a mark drawn is always one the page still has). */
  trim() {
    this.sort();
    for (const e of this.sorted.splice(0, this.sorted.length - KEEP)) {
      this.byN.delete(e.n);
      if (e.id) this.byId.delete(e.id);
    }
  }

  sort() {
    if (!this.unsorted) return;
    this.sorted.sort((a, b) => a.t - b.t);
    this.unsorted = false;
  }

  setWindow(ms) {
    this.windowMs = ms;
    this.urgent = true;
  }

  pause(on) {
    this.paused = on;
    this.pausedAt = Date.now();
    this.el.scroll.disabled = !on;
    this.urgent = true;
  }

  /** The view's time span now (ms since the start): the last windowMs, and a little room right of now. */
  span() {
    const now = (this.paused ? this.pausedAt : Date.now()) - this.start;
    if (!this.paused) this.back = 0;
    const to = now - this.back + this.windowMs * EDGE;
    return { now, from: to - this.windowMs, to };
  }

  /** Pixels per ms of the view, and the x of a time before the view moves it (move()). */
  scale() {
    return this.plotW / this.windowMs;
  }

  /** The frame of the view: the rows, their titles, the plot that the marks move in. Built again when the rows or the width change. */
  frameOf(width) {
    const present = new Set(this.sorted.map((e) => e.row));
    const rows = this.rows.filter((r) => r.key !== 'client' || present.has('client'));
    const key = `${width}|${rows.map((r) => r.key).join()}`;
    if (this.svg && this.frameKey === key) return;
    this.frameKey = key;
    this.width = width;
    this.plotW = width - LEFT - 10;
    this.rowIndex = new Map(rows.map((r, i) => [r.key, i]));
    const rowH = TRACKS * TRACK_H + 10;
    this.rowH = rowH;
    const height = TOP + rows.length * rowH + 24;
    this.axisY = TOP + rows.length * rowH;
    const svg = s('svg', { width, height, role: 'img', 'aria-label': t('control.timeline.aria') });
    const clip = s('clipPath', { id: 'plot-area' });
    clip.append(s('rect', { x: LEFT, y: 0, width: width - LEFT, height }));
    const defs = s('defs', {});
    defs.append(clip);
    svg.append(defs);
    rows.forEach((r, i) => {
      const y = TOP + i * rowH;
      svg.append(s('rect', { x: 0, y, width, height: rowH, class: i % 2 ? 'row odd' : 'row' }), s('text', { x: 8, y: y + 14, class: 'row-title' }, r.title), s('text', { x: 8, y: y + 27, class: 'row-sub' }, r.sub));
    });
    this.axis = s('g', {});
    this.plot = s('g', {});
    this.links = s('g', { class: 'links' });
    this.marks = s('g', {});
    this.plot.append(this.links, this.marks);
    const clipped = s('g', { 'clip-path': 'url(#plot-area)' });
    clipped.append(this.axis, this.plot);
    svg.append(clipped);
    this.svg = svg;
    this.elements.clear();
    this.el.view.replaceChildren(svg);
  }

  /** Lays out the marks in the view (at most DRAW, the newest), reusing the elements of those already drawn. */
  layout() {
    const began = performance.now();
    if (this.sorted.length > KEEP) this.trim();
    this.sort();
    this.frameOf(Math.max(400, this.el.view.clientWidth));
    const { from, to } = this.span();
    const k = this.scale();
    const ax = (t) => t * k;

    const inView = [];
    for (let i = this.lowerBound(from - 600_000); i < this.sorted.length; i++) {
      const e = this.sorted[i];
      if (e.t > to) break;
      if ((e.end ?? e.t) >= from) inView.push(e);
    }
    const drawn = inView.length > DRAW ? inView.slice(inView.length - DRAW) : inView;
    this.note(inView.length, drawn.length);

    // Each mark on the first track of its row where its label does not collide; else unlabelled.
    const taken = new Map();
    const placed = new Map();
    const right = ax(to);
    const marks = [];
    for (const e of drawn) {
      const row = this.rowIndex.get(e.row);
      if (row === undefined) continue;
      const x0 = ax(e.t);
      const w = e.end !== undefined ? Math.max(3, ax(e.end) - x0) : 3;
      const lw = e.width;
      // The label goes in the bar, after the mark, or (near the right edge) before it.
      const at = e.end !== undefined && lw + 6 <= w ? 'inside' : x0 + w + 3 + lw <= right - 4 ? 'right' : 'left';
      const [a, b] = at === 'inside' ? [x0, x0 + w] : at === 'right' ? [x0, x0 + w + 3 + lw] : [x0 - 3 - lw, x0 + w];
      const tracks = taken.get(row) ?? taken.set(row, []).get(row);
      let track = tracks.findIndex((spans) => !spans.some(([p, q]) => a < q + 4 && p < b + 4));
      const labelled = track >= 0 || tracks.length < TRACKS;
      if (track < 0) track = tracks.length < TRACKS ? tracks.length : TRACKS - 1;
      (tracks[track] ??= []).push(labelled ? [a, b] : [x0, x0 + w]);
      const y = TOP + row * this.rowH + 4 + track * TRACK_H;
      placed.set(e.n, { x: x0, y });
      marks.push([e, { x0, y, w, at: labelled ? at : undefined }]);
    }
    // The elements of marks no longer drawn serve the new ones (fewer elements made and dropped).
    const spare = [];
    for (const [n, g] of this.elements) {
      if (placed.has(n)) continue;
      spare.push(g);
      this.elements.delete(n);
    }
    for (const [e, at] of marks) this.drawMark(e, at, spare);
    for (const g of spare) g.remove();
    // Each line to its request, where both are drawn.
    const lines = [];
    for (const e of drawn) {
      const owner = e.request && this.byId.get(e.request);
      const a = placed.get(e.n);
      const b = owner && placed.get(owner.n);
      if (a && b) lines.push(s('line', { x1: a.x + 1, y1: b.y + 6, x2: a.x + 1, y2: a.y + 6, stroke: owner.colour }));
    }
    this.links.replaceChildren(...lines);
    this.highlight();
    // How long the last layout took, for whoever measures the page (its tests).
    this.el.view.dataset.layoutMs = (performance.now() - began).toFixed(1);
  }

  /** A mark's element (its own from the last layout, or one a mark no longer drawn left), brought up to date. */
  drawMark(e, { x0, y, w, at }, spare) {
    let g = this.elements.get(e.n);
    if (!g) {
      g = spare.pop();
      if (!g) {
        g = s('g', { class: 'mark' });
        g.append(s('rect', {}), s('text', {}));
        this.marks.append(g);
      }
      g.dataset.n = e.n;
      this.elements.set(e.n, g);
    }
    const [rect, text] = g.children;
    const bar = e.end !== undefined;
    set(rect, { x: bar ? x0 : x0 - 1, y: bar ? y : y - 1, width: bar ? w : 3, height: bar ? 12 : 14, rx: bar ? 2 : 0, fill: e.colour });
    if (g.dataset.row !== e.row) g.dataset.row = e.row;
    if (!at) {
      if (text.textContent) text.textContent = '';
      return;
    }
    set(text, { x: at === 'inside' ? x0 + 3 : at === 'right' ? x0 + w + 3 : x0 - 3, y: y + 10, class: at === 'right' ? 'label' : `label ${at}` });
    if (text.textContent !== e.text) text.textContent = e.text;
  }

  /** Moves the marks with the clock, and draws the axis for the view. */
  move() {
    if (!this.svg) return;
    const { now, from, to } = this.span();
    const k = this.scale();
    this.plot.setAttribute('transform', `translate(${(LEFT - from * k).toFixed(1)},0)`);
    const x = (t) => LEFT + (t - from) * k;
    const step = niceStep(this.windowMs);
    const ticks = [];
    for (let t = Math.ceil(from / step) * step; t <= to; t += step) {
      ticks.push(s('line', { x1: x(t), y1: TOP, x2: x(t), y2: this.axisY, class: 'grid' }), s('text', { x: x(t), y: this.axisY + 14, class: 'axis' }, clock(this.start + t).slice(0, 8)));
    }
    this.axis.replaceChildren(...ticks);
    // Paused, the range input scrolls back through what the page keeps.
    const oldest = this.sorted.length ? this.sorted[0].t : now;
    const most = Math.max(0, now - oldest - this.windowMs * (1 - EDGE));
    this.el.scroll.max = String(Math.round(most));
    this.el.scroll.value = String(Math.round(most - this.back));
  }

  /** The selected mark and its request's family, outlined. */
  highlight() {
    for (const [n, g] of this.elements) g.classList.toggle('selected', this.selected !== undefined && (n === this.selected || this.related(this.byN.get(n))));
  }

  lowerBound(t) {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid].t < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  note(inView, drawn) {
    const parts = [t('control.timeline.events', { count: this.total.toLocaleString('en') })];
    if (this.dropped) parts.push(t('control.timeline.dropped', { count: this.dropped.toLocaleString('en') }));
    if (drawn < inView) parts.push(t('control.timeline.inView', { inView: inView.toLocaleString('en'), drawn: drawn.toLocaleString('en') }));
    this.el.note.textContent = t('control.timeline.note', { parts: parts.join(t('control.timeline.sep')) });
  }

  related(e) {
    const sel = this.byN.get(this.selected);
    if (!sel) return false;
    const id = sel.id ?? sel.request;
    return id !== undefined && (e.id === id || e.request === id);
  }

  markAt(ev) {
    const g = ev.target.closest?.('g.mark');
    return g ? this.byN.get(Number(g.dataset.n)) : undefined;
  }

  hover(ev) {
    const e = this.markAt(ev);
    const tip = this.el.tip;
    if (!e) {
      tip.hidden = true;
      return;
    }
    tip.textContent = `${clock(this.start + e.t)}${e.end !== undefined ? ` – ${clock(this.start + e.end)}` : ''}  ${e.label}`;
    tip.hidden = false;
    tip.style.left = `${Math.min(ev.pageX + 12, document.documentElement.clientWidth - tip.offsetWidth - 8)}px`;
    tip.style.top = `${ev.pageY + 14}px`;
  }

  click(ev) {
    const e = this.markAt(ev);
    this.selected = e?.n;
    this.highlight();
    const d = this.el.detail;
    if (!e) {
      d.hidden = true;
      return;
    }
    const id = e.id ?? e.request;
    // The request first, its access line (nginx writes it at the end) last.
    const order = (x) => (x.id ? 0 : x.row === 'access-log' ? 2 : 1);
    const family = id ? this.sorted.filter((x) => x.id === id || x.request === id).sort((a, b) => order(a) - order(b) || a.t - b.t) : [e];
    const line = (x) => h('li', { class: x.n === e.n ? 'this' : undefined }, h('span', { class: 'swatch', dataset: { colour: x.colour } }), h('time', {}, clock(this.start + x.t)), ' ', h('code', {}, x.label));
    d.replaceChildren(
      h('button', { type: 'button', class: 'close', 'aria-label': t('control.timeline.close'), onclick: () => ((d.hidden = true), (this.selected = undefined), this.highlight()) }, '×'),
      h('p', {}, h('strong', {}, e.label)),
      id ? h('p', { class: 'sub' }, t('control.timeline.request', { id })) : null,
      h('ol', {}, ...family.map(line)),
    );
    for (const sw of d.querySelectorAll('.swatch')) sw.style.setProperty('--c', sw.dataset.colour);
    d.hidden = false;
  }
}
