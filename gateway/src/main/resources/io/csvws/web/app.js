// The csvws web console. Every value from the server (names, cells, errors) is put into the page
// with textContent or as element attributes set by property, never parsed as HTML.
'use strict';

(function () {
  const state = { token: null, result: null, page: 0, pageRows: 100 };

  function el(tag, props, children) {
    const e = document.createElement(tag);
    if (props) {
      for (const k of Object.keys(props)) {
        if (k === 'text') { e.textContent = props[k]; } else { e[k] = props[k]; }
      }
    }
    for (const c of children || []) { e.appendChild(c); }
    return e;
  }

  async function api(method, path, body) {
    const headers = { 'X-Csvws-Token': state.token || '' };
    const init = { method: method, headers: headers, credentials: 'same-origin' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const r = await fetch('/web/api/' + path, init);
    let data;
    try { data = await r.json(); } catch (e) { data = { error: { message: 'HTTP ' + r.status } }; }
    if (!r.ok) {
      const err = new Error((data.error && data.error.message) || ('HTTP ' + r.status));
      err.sqlState = data.error && data.error.sqlState;
      throw err;
    }
    return data;
  }

  function showError(e) {
    const box = document.getElementById('error');
    box.textContent = (e.sqlState ? '[' + e.sqlState + '] ' : '') + e.message;
    box.hidden = false;
  }

  // The engine names where an error is as "From line L1, column C1 to line L2, column C2" or
  // "line L, column C"; the editor selects that span so the person sees it.
  function markPosition(message) {
    const m = /line (\d+), column (\d+)(?: to line (\d+), column (\d+))?/.exec(message || '');
    if (!m) { return; }
    const editor = document.getElementById('sql');
    const offset = (line, column) => {
      const lines = editor.value.split('\n');
      let at = 0;
      for (let i = 0; i < Math.min(line - 1, lines.length); i++) { at += lines[i].length + 1; }
      return Math.min(at + column - 1, editor.value.length);
    };
    const start = offset(Number(m[1]), Number(m[2]));
    const end = m[3] ? offset(Number(m[3]), Number(m[4])) + 1 : start + 1;
    window.csvwsEditor.mark(start, Math.min(end, editor.value.length));
  }

  function clearError() {
    const box = document.getElementById('error');
    box.textContent = '';
    box.hidden = true;
  }

  function quoteIdent(name) {
    return '"' + String(name).replace(/"/g, '""') + '"';
  }

  async function loadWorkspace() {
    const status = document.getElementById('workspace-status');
    const list = document.getElementById('tables');
    try {
      const ws = await api('GET', 'workspace');
      list.replaceChildren();
      status.textContent = ws.tables.length + (ws.tables.length === 1 ? ' table' : ' tables');
      document.dispatchEvent(new CustomEvent('csvws:workspace', { detail: ws }));
      for (const t of ws.tables) {
        const qualified = t.schema ? t.schema + '.' + t.table : t.table;
        const name = el('button', { type: 'button', className: 'table-name', text: qualified,
          title: 'Preview ' + qualified });
        name.dataset.schema = t.schema || '';
        name.dataset.table = t.table;
        name.addEventListener('click', () => preview(t));
        const metaParts = [];
        if (t.rowCount !== null && t.rowCount !== undefined) { metaParts.push(t.rowCount + ' rows'); }
        if (t.sizeBytes !== null && t.sizeBytes !== undefined) { metaParts.push(t.sizeBytes + ' bytes'); }
        if (t.encoding) { metaParts.push(t.encoding); }
        if (t.delimiter) { metaParts.push('delimiter \u201c' + t.delimiter + '\u201d'); }
        const meta = el('div', { className: 'meta', text: metaParts.join(', ') });
        const cols = el('ul', { className: 'columns' });
        for (const c of t.columns) {
          const colName = el('button', { type: 'button', className: 'column-name', text: c.name,
            title: 'Statistics of ' + c.name });
          colName.addEventListener('click', () => showStats(qualified, c.name));
          cols.appendChild(el('li', { className: 'column' }, [colName,
            el('span', { className: 'type', text: c.type })]));
        }
        const item = el('li', { className: 'table' }, [name, meta]);
        if (t.error) { item.appendChild(el('div', { className: 'meta error', text: t.error })); }
        if (t.warnings) { item.appendChild(el('div', { className: 'meta warning', text: t.warnings })); }
        item.appendChild(cols);
        list.appendChild(item);
      }
    } catch (e) {
      status.textContent = 'The workspace could not be read: ' + e.message;
    }
  }

  function preview(t) {
    const from = (t.schema ? quoteIdent(t.schema) + '.' : '') + quoteIdent(t.table);
    window.csvwsEditor.setValue('SELECT * FROM ' + from);
    run();
  }

  async function run() {
    const sql = document.getElementById('sql').value;
    const status = document.getElementById('status');
    clearError();
    status.textContent = 'Running…';
    const cancel = document.getElementById('cancel');
    cancel.hidden = false;
    const started = performance.now();
    try {
      if (state.result) {
        const old = state.result.id;
        state.result = null;
        api('POST', 'results/' + encodeURIComponent(old) + '/close', {}).catch(() => {});
      }
      const r = await api('POST', 'query', { sql: sql });
      state.result = r;
      document.dispatchEvent(new CustomEvent('csvws:result', { detail: { id: r.id, columns: r.columns, token: state.token } }));
      state.page = 0;
      render(r.page);
      status.textContent = 'Ran in ' + Math.round(performance.now() - started) + ' ms';
      document.dispatchEvent(new CustomEvent('csvws:ran', { detail: { sql: sql, result: r } }));
    } catch (e) {
      document.getElementById('result').hidden = true;
      document.dispatchEvent(new CustomEvent('csvws:result', { detail: null }));
      status.textContent = '';
      showError(e);
      markPosition(e.message);
      document.dispatchEvent(new CustomEvent('csvws:ran', { detail: { sql: sql, error: e } }));
    } finally {
      cancel.hidden = true;
    }
  }

  async function goTo(page) {
    if (!state.result || page < 0) { return; }
    try {
      const p = await api('GET', 'results/' + encodeURIComponent(state.result.id) + '?page=' + page);
      state.page = page;
      render(p);
    } catch (e) {
      showError(e);
    }
  }

  async function showCell(row, column, name) {
    try {
      const c = await api('GET', 'results/' + encodeURIComponent(state.result.id)
        + '/cell?row=' + row + '&column=' + column);
      document.getElementById('cell-title').textContent = name + ', row ' + (row + 1);
      document.getElementById('cell-text').textContent = c.value === null ? 'NULL' : c.value;
      document.getElementById('cell-dialog').showModal();
    } catch (e) {
      showError(e);
    }
  }

  // A column's statistics (the agent tools' column_stats), one "name: value" line each.
  async function showStats(table, column) {
    try {
      const s = await api('GET', 'stats?table=' + encodeURIComponent(table)
        + '&column=' + encodeURIComponent(column));
      const lines = ['rows: ' + s.row_count];
      for (const [k, v] of Object.entries((s.columns && s.columns[0]) || {})) {
        if (k !== 'name') { lines.push(k + ': ' + (typeof v === 'object' ? JSON.stringify(v) : v)); }
      }
      document.getElementById('cell-title').textContent = table + '.' + column;
      document.getElementById('cell-text').textContent = lines.join('\n');
      document.getElementById('cell-dialog').showModal();
    } catch (e) {
      showError(e);
    }
  }

  function render(p) {
    const r = state.result;
    const head = el('tr', null, [el('th', { text: '#' })]);
    for (const c of r.columns) {
      head.appendChild(el('th', null, [el('span', { className: 'name', text: c.name }),
        el('span', { className: 'type', text: c.type })]));
    }
    const grid = document.getElementById('grid');
    grid.tHead.replaceChildren(head);
    const body = grid.tBodies[0];
    body.replaceChildren();
    p.rows.forEach((row, i) => {
      const rowNumber = p.firstRow + i;
      const tr = el('tr', null, [el('td', { className: 'rownum', text: String(rowNumber + 1) })]);
      row.forEach((v, j) => {
        let td;
        if (v === null) {
          td = el('td', { className: 'null', text: 'NULL', title: 'SQL NULL' });
        } else if (typeof v === 'object') {
          td = el('td', { className: 'cut' }, [el('span', { text: v.cut + '…' })]);
          const more = el('button', { type: 'button', className: 'more',
            text: 'all ' + v.length + ' characters' });
          more.addEventListener('click', () => showCell(rowNumber, j, r.columns[j].name));
          td.appendChild(more);
        } else if (v === '') {
          td = el('td', { className: 'empty', title: 'empty text' });
        } else {
          td = el('td', { text: v });
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    const first = p.rows.length ? p.firstRow + 1 : p.firstRow;
    const last = p.firstRow + p.rows.length;
    const total = p.totalRows === null ? 'at least ' + p.rowsSoFar : String(p.totalRows);
    document.getElementById('range').textContent = 'rows ' + first + '–' + last + ' of ' + total;
    document.getElementById('prev').disabled = p.page === 0;
    document.getElementById('next').disabled = p.totalRows !== null && last >= p.totalRows;
    document.getElementById('result').hidden = false;
    document.dispatchEvent(new CustomEvent('csvws:page', { detail: p }));
  }

  async function start() {
    document.getElementById('query-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      run();
    });
    document.getElementById('sql').addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
        ev.preventDefault();
        run();
      }
    });
    document.getElementById('cancel').addEventListener('click', () => {
      api('POST', 'cancel', {}).catch(showError);
    });
    document.getElementById('prev').addEventListener('click', () => goTo(state.page - 1));
    document.getElementById('next').addEventListener('click', () => goTo(state.page + 1));
    try {
      const s = await api('GET', 'session');
      state.token = s.token;
      state.pageRows = s.pageRows;
      document.getElementById('user').textContent = s.user;
      // For the page's other scripts (progress.js, upload.js): paging and the workspace list.
      window.csvws = { goTo: goTo, show: (p) => { state.page = p.page; render(p); },
        resultId: () => state.result && state.result.id, token: () => state.token,
        refreshWorkspace: loadWorkspace, session: s };
      document.dispatchEvent(new CustomEvent('csvws:session', { detail: s }));
      document.body.dataset.ready = 'true';
      document.dispatchEvent(new CustomEvent('csvws:ready', { detail: { token: s.token, user: s.user } }));
    } catch (e) {
      showError(e);
      return;
    }
    loadWorkspace();
  }

  document.addEventListener('DOMContentLoaded', start);
})();
