// The history of the queries this user ran from the console, newest first, as the server keeps it
// (GET /web/api/history): a click puts a query back in the editor. Refreshed when a query ends.
'use strict';

(function () {
  let token = null;

  async function refresh() {
    if (!token) { return; }
    const list = document.getElementById('history-list');
    try {
      const r = await fetch('/web/api/history', {
        headers: { 'X-Csvws-Token': token }, credentials: 'same-origin'
      });
      if (!r.ok) { return; }
      const h = await r.json();
      list.replaceChildren();
      document.getElementById('history-count').textContent = '(' + h.queries.length + ')';
      for (const q of h.queries) {
        const item = document.createElement('li');
        const put = document.createElement('button');
        put.type = 'button';
        put.className = 'history-sql';
        put.textContent = q.sql.length > 300 ? q.sql.slice(0, 300) + '…' : q.sql;
        put.title = 'Put this query back in the editor';
        put.addEventListener('click', () => window.csvwsEditor.setValue(q.sql));
        const meta = document.createElement('span');
        meta.className = 'history-meta' + (q.error ? ' failed' : '');
        meta.textContent = new Date(q.ranAt).toLocaleTimeString() + ' · '
          + (q.error ? 'failed' : q.elapsedMs + ' ms');
        if (q.error) { meta.title = q.error; }
        item.append(put, meta);
        list.appendChild(item);
      }
    } catch (e) {
      // The history is a convenience: a failed refresh leaves the list as it was.
    }
  }

  document.addEventListener('csvws:ready', (ev) => { token = ev.detail.token; refresh(); });
  document.addEventListener('csvws:ran', refresh);
})();
