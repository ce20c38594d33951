// Charts of the console's current result: column, bar, stacked column, line and scatter, drawn by
// Apache ECharts (served from its WebJar, loaded on the first draw) into SVG, saved as PNG or SVG.
// The rows come from the kept result on the server (GET results/ID/chart: its first rows, at most
// 1000); the chart says when the result has more. Every name and value reaches the page as text
// or as ECharts data, never as HTML (tooltips are plain text: renderMode 'richText').
'use strict';

(function () {
  const LIBRARY_URL = '@ECHARTS_URL@';
  const KINDS = [['column', 'Column'], ['bar', 'Bar'], ['stacked', 'Stacked column'],
    ['line', 'Line'], ['scatter', 'Scatter']];
  // More series than this is not a chart anyone reads; the page asks for another split instead.
  const MAX_SERIES = 20;
  const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452',
    '#9a60b4', '#ea7ccc', '#2f4554'];

  const state = { result: null, token: null, data: null, chart: null, option: null, drawn: 0,
    choice: null, loading: null };

  function el(tag, props, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === 'text') { e.textContent = v; } else { e[k] = v; }
    }
    for (const c of children || []) { e.appendChild(c); }
    return e;
  }

  function $(id) { return document.getElementById(id); }

  // A column's role in a chart, from its SQL type as the engine states it.
  function roleOf(type) {
    const t = String(type).toUpperCase();
    if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|DECIMAL|NUMERIC|FLOAT|REAL|DOUBLE)/.test(t)) { return 'number'; }
    if (/^(DATE|TIME|TIMESTAMP)/.test(t)) { return 'time'; }
    return 'text';
  }

  // The axes a kind of chart starts with: a date, else a text column across (numbers for a
  // scatter), every other number column up; a stacked column splits by a second non-number
  // column when there is one (one stack segment per value), else stacks the number columns.
  function defaults(kind) {
    const cols = state.result.columns.map((c, i) => ({ i: i, role: roleOf(c.type) }));
    const numbers = cols.filter((c) => c.role === 'number').map((c) => c.i);
    const times = cols.filter((c) => c.role === 'time').map((c) => c.i);
    const texts = cols.filter((c) => c.role === 'text').map((c) => c.i);
    let x;
    if (kind === 'scatter' && numbers.length >= 2) {
      x = numbers[0];
    } else {
      x = times.length ? times[0] : texts.length ? texts[0] : 0;
    }
    const y = numbers.filter((i) => i !== x).slice(0, MAX_SERIES);
    let split = -1;
    if (kind === 'stacked') {
      const others = times.concat(texts).filter((i) => i !== x);
      if (others.length) { split = others[0]; }
    }
    return { kind: kind, x: x, y: y, split: split };
  }

  function loadLibrary() {
    if (window.echarts) { return Promise.resolve(window.echarts); }
    if (!state.loading) {
      state.loading = new Promise((resolve, reject) => {
        const s = el('script', { src: LIBRARY_URL });
        s.addEventListener('load', () => resolve(window.echarts));
        s.addEventListener('error', () => {
          state.loading = null;
          reject(new Error('The chart library could not be loaded from ' + LIBRARY_URL + '.'));
        });
        document.head.appendChild(s);
      });
    }
    return state.loading;
  }

  async function fetchRows(result) {
    const r = await fetch('/web/api/results/' + encodeURIComponent(result.id) + '/chart', {
      headers: { 'X-Csvws-Token': state.token || '' }, credentials: 'same-origin' });
    let data;
    try { data = await r.json(); } catch (e) { data = { error: { message: 'HTTP ' + r.status } }; }
    if (!r.ok) { throw new Error((data.error && data.error.message) || ('HTTP ' + r.status)); }
    data.id = result.id;
    return data;
  }

  function buildForm() {
    if ($('chart-form')) { return; }
    const kind = el('select', { id: 'chart-kind' },
      KINDS.map(([v, t]) => el('option', { value: v, text: t })));
    kind.addEventListener('change', () => {
      state.choice = defaults(kind.value);
      fillAxes();
      draw();
    });
    const x = el('select', { id: 'chart-x' });
    x.addEventListener('change', () => {
      // A column drawn across is not also drawn up.
      state.choice.x = Number(x.value);
      state.choice.y = state.choice.y.filter((i) => i !== state.choice.x);
      fillAxes();
      draw();
    });
    const split = el('select', { id: 'chart-split' });
    split.addEventListener('change', () => { state.choice.split = Number(split.value); draw(); });
    const png = el('button', { type: 'button', id: 'chart-png', text: 'Save PNG' });
    png.addEventListener('click', () => savePng());
    const svg = el('button', { type: 'button', id: 'chart-svg', text: 'Save SVG' });
    svg.addEventListener('click', () => saveSvg());
    const form = el('div', { id: 'chart-form', className: 'chart-form' }, [
      el('label', null, [document.createTextNode('Chart '), kind]),
      el('label', null, [document.createTextNode('Across '), x]),
      el('span', { id: 'chart-y', className: 'chart-y' }),
      el('label', null, [document.createTextNode('Series '), split]),
      png, svg]);
    $('chart-body').insertBefore(form, $('chart-note'));
  }

  // Puts the current choice into the form's controls.
  function fillAxes() {
    const cols = state.result.columns;
    const c = state.choice;
    $('chart-kind').value = c.kind;
    const x = $('chart-x');
    x.replaceChildren(...cols.map((col, i) => el('option', { value: String(i), text: col.name })));
    x.value = String(c.x);
    const ys = $('chart-y');
    ys.replaceChildren(document.createTextNode('Up '));
    cols.forEach((col, i) => {
      if (roleOf(col.type) !== 'number') { return; }
      const box = el('input', { type: 'checkbox', value: String(i), checked: c.y.includes(i) });
      box.addEventListener('change', () => {
        c.y = Array.from(ys.querySelectorAll('input:checked')).map((b) => Number(b.value));
        draw();
      });
      ys.appendChild(el('label', null, [box, document.createTextNode(' ' + col.name)]));
    });
    const split = $('chart-split');
    const choices = [el('option', { value: '-1', text: 'one per number column' })];
    cols.forEach((col, i) => {
      if (roleOf(col.type) !== 'number') {
        choices.push(el('option', { value: String(i), text: 'one per ' + col.name }));
      }
    });
    split.replaceChildren(...choices);
    split.value = String(c.split);
    split.disabled = c.kind === 'scatter';
  }

  function num(v) {
    if (v === null || v === undefined) { return null; }
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }

  function label(v) { return v === null || v === undefined ? 'NULL' : String(v); }

  // The categories and series of a chart of the rows, or an Error saying why it cannot be drawn.
  function series(c, rows) {
    const cols = state.result.columns;
    if (!cols.some((col) => roleOf(col.type) === 'number')) {
      throw new Error('The result has no number column to draw up. Count or sum in SQL, e.g. '
        + 'SELECT country, COUNT(*) AS customers FROM customers GROUP BY country.');
    }
    if (!c.y.length) { throw new Error('Tick a number column to draw up.'); }
    if (c.kind === 'scatter') {
      const xRole = roleOf(cols[c.x].type);
      return { categories: null, xRole: xRole, series: c.y.map((j) => ({ name: cols[j].name,
        data: rows.map((r) => [xRole === 'number' ? num(r[c.x]) : label(r[c.x]), num(r[j])]) })) };
    }
    if (c.split < 0) {
      return { categories: rows.map((r) => label(r[c.x])), series: c.y.map((j) => ({
        name: cols[j].name, data: rows.map((r) => num(r[j])) })) };
    }
    // Split: one series per value of the split column, one category per value across, the
    // first ticked number column as the value; each pair must come from exactly one row.
    const value = c.y[0];
    const categories = [];
    const names = [];
    const at = new Map();
    rows.forEach((r, k) => {
      const cat = label(r[c.x]);
      const name = label(r[c.split]);
      if (!categories.includes(cat)) { categories.push(cat); }
      if (!names.includes(name)) { names.push(name); }
      const key = JSON.stringify([cat, name]);
      if (at.has(key)) {
        throw new Error('Rows ' + (at.get(key) + 1) + ' and ' + (k + 1) + ' both have '
          + cols[c.x].name + ' = ' + cat + ' and ' + cols[c.split].name + ' = ' + name
          + ': a chart split by ' + cols[c.split].name + ' needs one row for each pair. '
          + 'Aggregate them in SQL (GROUP BY ' + cols[c.x].name + ', ' + cols[c.split].name
          + ') or pick another split.');
      }
      at.set(key, k);
    });
    if (names.length > MAX_SERIES) {
      throw new Error(cols[c.split].name + ' has ' + names.length + ' values in these rows; a '
        + 'chart splits into at most ' + MAX_SERIES + ' series. Pick another split or filter '
        + 'the rows in SQL.');
    }
    return { categories: categories, series: names.map((name) => ({ name: name,
      data: categories.map((cat) => {
        const k = at.get(JSON.stringify([cat, name]));
        return k === undefined ? null : num(rows[k][value]);
      }) })), valueName: cols[value].name };
  }

  function option(c, rows) {
    const cols = state.result.columns;
    const s = series(c, rows);
    if (s.series.length > MAX_SERIES) {
      throw new Error(s.series.length + ' number columns are ticked; a chart draws at most '
        + MAX_SERIES + ' series.');
    }
    const across = cols[c.x].name;
    const up = s.valueName || (c.y.length === 1 ? cols[c.y[0]].name : '');
    const category = { type: 'category', data: s.categories, name: across,
      nameLocation: 'middle', nameGap: 28, axisLabel: { hideOverlap: true } };
    const value = { type: 'value', name: up, nameLocation: 'middle', nameGap: 48,
      scale: c.kind === 'scatter' || c.kind === 'line' };
    const o = {
      animation: false,
      aria: { enabled: true },
      backgroundColor: '#fff',
      color: PALETTE,
      textStyle: { fontFamily: 'sans-serif' },
      legend: { show: s.series.length > 1, top: 0, type: 'scroll' },
      tooltip: { trigger: c.kind === 'scatter' ? 'item' : 'axis', renderMode: 'richText' },
      grid: { left: 72, right: 24, top: s.series.length > 1 ? 40 : 16, bottom: 56,
        containLabel: false },
      series: s.series.map((one) => ({ name: one.name, data: one.data,
        type: c.kind === 'line' ? 'line' : c.kind === 'scatter' ? 'scatter' : 'bar',
        stack: c.kind === 'stacked' ? 'all' : undefined,
        showSymbol: c.kind === 'line' ? true : undefined,
        symbolSize: c.kind === 'scatter' ? 8 : undefined })),
    };
    if (c.kind === 'bar') {
      // Labels across the left, as wide as they need up to 160 pixels; the name above them.
      o.yAxis = Object.assign(category, { inverse: true, nameLocation: 'start', nameGap: 8,
        axisLabel: { hideOverlap: true, width: 160, overflow: 'truncate' } });
      o.xAxis = Object.assign(value, { nameGap: 28 });
      o.grid.left = 16;
      o.grid.containLabel = true;
      o.grid.top += 20;
    } else if (c.kind === 'scatter') {
      o.xAxis = s.xRole === 'number' ? { type: 'value', scale: true, name: across,
        nameLocation: 'middle', nameGap: 28 } : s.xRole === 'time' ? { type: 'time',
        name: across, nameLocation: 'middle', nameGap: 28 } : { type: 'category', name: across,
        nameLocation: 'middle', nameGap: 28 };
      o.yAxis = value;
    } else {
      o.xAxis = category;
      o.yAxis = value;
    }
    return o;
  }

  function note(text, isError) {
    const n = $('chart-note');
    n.textContent = text;
    n.className = isError ? 'chart-note chart-error' : 'chart-note';
  }

  function rowsNote(d) {
    const shown = d.rows.length;
    if (!d.partial) { return 'All ' + shown + (shown === 1 ? ' row' : ' rows') + ' of the result.'; }
    const total = d.totalRows === null ? 'at least ' + d.rowsSoFar : String(d.totalRows);
    return 'Only part of the result: the first ' + shown + ' rows of ' + total
      + '. Aggregate in SQL (GROUP BY) to chart all of it.';
  }

  async function draw() {
    const canvas = $('chart-canvas');
    const result = state.result;
    try {
      const echarts = await loadLibrary();
      let data = state.data;
      if (!data || data.id !== result.id) { data = await fetchRows(result); }
      // A newer result arrived meanwhile: its own draw shows it, never these rows.
      if (state.result !== result) { return; }
      state.data = data;
      const c = state.choice;
      const o = option(c, state.data.rows);
      if (!state.chart) {
        state.chart = echarts.init(canvas, null, { renderer: 'svg' });
      }
      state.chart.setOption(o, true);
      state.option = o;
      note(rowsNote(state.data), false);
      canvas.hidden = false;
      $('chart-png').disabled = false;
      $('chart-svg').disabled = false;
    } catch (e) {
      if (state.result !== result) { return; }
      if (state.chart) { state.chart.clear(); }
      state.option = null;
      note(e.message, true);
      $('chart-png').disabled = true;
      $('chart-svg').disabled = true;
    }
    state.drawn += 1;
    canvas.dataset.drawn = String(state.drawn);
  }

  function download(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: name });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function fileName(ext) {
    return 'csvws-' + state.choice.kind + '-chart.' + ext;
  }

  function saveSvg() {
    if (!state.chart || !state.option) { return; }
    download(new Blob([state.chart.renderToSVGString()], { type: 'image/svg+xml' }),
      fileName('svg'));
  }

  // The page draws in SVG; a PNG is drawn anew by the canvas renderer at twice the size, off
  // screen, from the same option.
  async function savePng() {
    if (!state.chart || !state.option) { return; }
    const echarts = await loadLibrary();
    const canvas = $('chart-canvas');
    const off = el('div', { className: 'chart-offscreen' });
    document.body.appendChild(off);
    const c = echarts.init(off, null, { renderer: 'canvas', width: canvas.clientWidth,
      height: canvas.clientHeight });
    try {
      c.setOption(state.option, true);
      const url = c.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
      const bytes = atob(url.substring(url.indexOf(',') + 1));
      const array = new Uint8Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) { array[i] = bytes.charCodeAt(i); }
      download(new Blob([array], { type: 'image/png' }), fileName('png'));
    } finally {
      c.dispose();
      off.remove();
    }
  }

  async function open() {
    $('chart-open').hidden = true;
    $('chart-body').hidden = false;
    buildForm();
    if (!state.choice) {
      state.choice = defaults('column');
    }
    fillAxes();
    await draw();
    $('chart').scrollIntoView({ block: 'start' });
  }

  function reset(detail) {
    const box = $('chart');
    state.result = detail;
    state.data = null;
    state.option = null;
    if (!detail) {
      box.hidden = true;
      return;
    }
    state.token = detail.token;
    const kind = state.choice ? state.choice.kind : 'column';
    state.choice = defaults(kind);
    box.hidden = false;
    if (!$('chart-body').hidden) {
      fillAxes();
      draw();
    }
  }

  function start() {
    const box = $('chart');
    if (!box) { return; }
    const openButton = el('button', { type: 'button', id: 'chart-open', text: 'Chart' });
    openButton.addEventListener('click', () => open());
    const body = el('div', { id: 'chart-body', hidden: true }, [
      el('p', { id: 'chart-note', className: 'chart-note' }),
      el('div', { id: 'chart-canvas', className: 'chart-canvas' })]);
    box.replaceChildren(openButton, body);
    window.addEventListener('resize', () => { if (state.chart) { state.chart.resize(); } });
  }

  // app.js announces each result it shows (detail: {id, columns, token}) and each failed run
  // (detail: null).
  document.addEventListener('csvws:result', (ev) => reset(ev.detail));
  document.addEventListener('DOMContentLoaded', start);
})();
