// Long work in the csvws web console: while a query runs (the Cancel button shows), a progress
// bar polls GET /web/api/progress, which answers what the engine counts: bytes of the scanned
// files read out of their size, rows read, time elapsed. Also the pager's First, page number and
// Last. Everything from the server is put into the page as text.
'use strict';

(function () {
  let timer = null;
  let bar = null;

  function el(tag, props) {
    const e = document.createElement(tag);
    for (const k of Object.keys(props || {})) {
      if (k === 'text') { e.textContent = props[k]; } else { e[k] = props[k]; }
    }
    return e;
  }

  function bytes(n) {
    if (n < 1024) { return n + ' B'; }
    const units = ['KB', 'MB', 'GB', 'TB'];
    let v = n / 1024;
    let u = 0;
    while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
    return v.toFixed(v < 10 ? 1 : 0) + ' ' + units[u];
  }

  function makeBar() {
    const box = el('div', { id: 'progress', hidden: true });
    box.setAttribute('role', 'progressbar');
    const meter = el('progress', { id: 'progress-bar', max: 1000 });
    const text = el('span', { id: 'progress-text' });
    box.appendChild(meter);
    box.appendChild(text);
    const actions = document.querySelector('#query-form .actions');
    actions.parentNode.insertBefore(box, actions.nextSibling);
    return box;
  }

  async function poll() {
    const c = window.csvws;
    if (!c) { return; }
    let p;
    try {
      const r = await fetch('/web/api/progress', { headers: { 'X-Csvws-Token': c.token() },
        credentials: 'same-origin' });
      if (!r.ok) { return; }
      p = await r.json();
    } catch (e) {
      return;
    }
    if (!timer || !p.running) { return; }
    const meter = document.getElementById('progress-bar');
    const parts = [];
    if (p.bytesTotal > 0) {
      meter.value = Math.round(1000 * Math.min(1, p.bytesRead / p.bytesTotal));
      parts.push(Math.floor(100 * Math.min(1, p.bytesRead / p.bytesTotal)) + '% · '
        + bytes(p.bytesRead) + ' of ' + bytes(p.bytesTotal));
    } else {
      meter.removeAttribute('value'); // reads no file: an indeterminate bar
      parts.push('no file to read');
    }
    parts.push(p.rowsRead.toLocaleString('en') + ' rows');
    parts.push((p.elapsedMillis / 1000).toFixed(1) + ' s');
    document.getElementById('progress-text').textContent = parts.join(' · ');
    bar.hidden = false;
  }

  function watch(running) {
    if (running && !timer) {
      timer = setInterval(poll, 250);
      setTimeout(poll, 100);
    } else if (!running && timer) {
      clearInterval(timer);
      timer = null;
      bar.hidden = true;
      document.getElementById('progress-text').textContent = '';
    }
  }

  // The pager's extra controls: First, a page number to jump to, Last (read to the end).
  function makePager() {
    const pager = document.querySelector('#result .pager');
    const first = el('button', { type: 'button', id: 'first', text: 'First' });
    const number = el('input', { type: 'number', id: 'page-number', min: 1, value: 1,
      title: 'Page number' });
    number.setAttribute('aria-label', 'Page number');
    const go = el('button', { type: 'button', id: 'go', text: 'Go' });
    const last = el('button', { type: 'button', id: 'last', text: 'Last' });
    const cut = el('div', { id: 'cut', hidden: true });
    cut.setAttribute('role', 'alert');
    pager.insertBefore(first, pager.firstChild);
    pager.appendChild(number);
    pager.appendChild(go);
    pager.appendChild(last);
    pager.parentNode.insertBefore(cut, pager.nextSibling);
    first.addEventListener('click', () => window.csvws.goTo(0));
    const jump = () => {
      const n = Math.max(1, Math.floor(Number(number.value) || 1));
      window.csvws.goTo(n - 1);
    };
    go.addEventListener('click', jump);
    number.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); jump(); } });
    last.addEventListener('click', async () => {
      const c = window.csvws;
      const id = c.resultId();
      if (!id) { return; }
      const status = document.getElementById('status');
      status.textContent = 'Reading to the last page…';
      document.getElementById('cancel').hidden = false;
      const started = performance.now();
      try {
        const r = await fetch('/web/api/results/' + encodeURIComponent(id) + '?page=last',
          { headers: { 'X-Csvws-Token': c.token() }, credentials: 'same-origin' });
        const p = await r.json();
        if (!r.ok) { throw new Error((p.error && p.error.message) || ('HTTP ' + r.status)); }
        c.show(p);
        status.textContent = 'Last page in ' + Math.round(performance.now() - started) + ' ms';
      } catch (e) {
        const box = document.getElementById('error');
        box.textContent = e.message;
        box.hidden = false;
        status.textContent = '';
      } finally {
        document.getElementById('cancel').hidden = true;
      }
    });
    document.addEventListener('csvws:page', (ev) => {
      const p = ev.detail;
      number.value = p.page + 1;
      last.disabled = p.totalRows !== null && p.firstRow + p.rows.length >= p.totalRows;
      cut.textContent = p.cut || '';
      cut.hidden = !p.cut;
    });
  }

  document.addEventListener('DOMContentLoaded', () => {
    bar = makeBar();
    makePager();
    const cancel = document.getElementById('cancel');
    new MutationObserver(() => watch(!cancel.hidden))
      .observe(cancel, { attributes: true, attributeFilter: ['hidden'] });
  });
})();
