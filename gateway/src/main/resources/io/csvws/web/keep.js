// Keeping results: save the result shown as a named result (the agent tools' save_result; it is
// then a table in SQL), list and drop saved results, and download the result shown as CSV or XLSX.
// A download asks the server for a one-time address (POST, with the token) and lets the browser
// fetch it, so the file streams to disk as the server writes it.
'use strict';

(function () {
  let token = null;
  let shown = null; // the SQL of the result on screen

  async function call(method, path, body) {
    const init = { method: method, headers: { 'X-Csvws-Token': token || '' }, credentials: 'same-origin' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const r = await fetch('/web/api/' + path, init);
    let data;
    try { data = await r.json(); } catch (e) { data = { error: { message: 'HTTP ' + r.status } }; }
    if (!r.ok) {
      throw new Error((data.error && data.error.message) || ('HTTP ' + r.status));
    }
    return data;
  }

  function status(text, failed) {
    const s = document.getElementById('saved-status');
    s.textContent = text;
    s.className = failed ? 'failed' : '';
  }

  async function loadSaved() {
    const list = document.getElementById('saved-list');
    try {
      const r = await call('GET', 'saved');
      list.replaceChildren();
      const names = [];
      for (const row of r.results) {
        const name = row[0];
        names.push(name);
        const item = document.createElement('li');
        const use = document.createElement('button');
        use.type = 'button';
        use.className = 'saved-name';
        use.textContent = name;
        use.title = row[1];
        use.addEventListener('click', () => {
          window.csvwsEditor.setValue('SELECT * FROM ' + name);
          document.getElementById('query-form').requestSubmit();
        });
        const meta = document.createElement('span');
        meta.className = 'saved-meta';
        meta.textContent = row[2] + ' rows when saved, ' + row[3] + ' columns';
        const drop = document.createElement('button');
        drop.type = 'button';
        drop.className = 'saved-drop';
        drop.textContent = 'Drop';
        drop.title = 'Forget the saved result ' + name;
        drop.addEventListener('click', async () => {
          try {
            await call('POST', 'saved/' + encodeURIComponent(name) + '/drop', {});
            status('Dropped ' + name + '.', false);
          } catch (e) {
            status(e.message, true);
          }
          loadSaved();
        });
        item.append(use, meta, drop);
        list.appendChild(item);
      }
      document.dispatchEvent(new CustomEvent('csvws:saved', { detail: { names: names } }));
    } catch (e) {
      status('The saved results could not be read: ' + e.message, true);
    }
  }

  async function save(ev) {
    ev.preventDefault();
    const name = document.getElementById('save-name').value.trim();
    if (!shown) { status('Run a query first: its result is what is saved.', true); return; }
    if (!name) { status('Give the result a name (letters, digits and _).', true); return; }
    status('Saving…', false);
    try {
      const r = await call('POST', 'saved', { name: name, sql: shown });
      status('Saved ' + r.name + ' (' + r.total_row_count + ' rows): use it as a table, SELECT * FROM '
        + r.name + '.', false);
      document.getElementById('save-name').value = '';
      loadSaved();
    } catch (e) {
      status(e.message, true);
    }
  }

  // A file name for the result: the table or saved result a plain SELECT * reads, else the time.
  function fileName(sql) {
    const m = /^\s*SELECT\s+\*\s+FROM\s+(?:"?[\w]+"?\s*\.\s*)?"?([\w]+)"?\s*;?\s*$/i.exec(sql);
    if (m) { return m[1]; }
    const d = new Date();
    const two = (n) => String(n).padStart(2, '0');
    return 'csvws-result-' + d.getFullYear() + two(d.getMonth() + 1) + two(d.getDate()) + '-'
      + two(d.getHours()) + two(d.getMinutes()) + two(d.getSeconds());
  }

  async function download(format) {
    if (!shown) { return; }
    try {
      const r = await call('POST', 'downloads', { sql: shown, format: format, name: fileName(shown) });
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.fileName;
      a.hidden = true;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (e) {
      const box = document.getElementById('error');
      box.textContent = 'The download failed: ' + e.message;
      box.hidden = false;
    }
  }

  document.addEventListener('csvws:ready', (ev) => {
    token = ev.detail.token;
    loadSaved();
  });
  document.addEventListener('csvws:ran', (ev) => {
    shown = ev.detail.error ? null : ev.detail.sql;
    document.getElementById('save').disabled = !shown;
  });
  document.getElementById('save-form').addEventListener('submit', save);
  document.getElementById('download-csv').addEventListener('click', () => download('csv'));
  document.getElementById('download-xlsx').addEventListener('click', () => download('xlsx'));
})();
