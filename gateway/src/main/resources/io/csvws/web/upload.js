// Uploads in the csvws web console, shown only when the server allows them (--allow-upload): drop
// a CSV, TSV or .gz file on the workspace, or pick one, and it is streamed to the server (never
// read whole into the page) into the workspace's uploads/ folder, then the workspace list is
// read again so the new table shows. Server messages are put into the page as text.
'use strict';

(function () {
  function el(tag, props) {
    const e = document.createElement(tag);
    for (const k of Object.keys(props || {})) {
      if (k === 'text') { e.textContent = props[k]; } else { e[k] = props[k]; }
    }
    return e;
  }

  function upload(file, status, meter) {
    const c = window.csvws;
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/web/api/upload?name=' + encodeURIComponent(file.name));
      xhr.setRequestHeader('X-Csvws-Token', c.token());
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      meter.hidden = false;
      meter.value = 0;
      xhr.upload.onprogress = (ev) => {
        if (ev.lengthComputable) { meter.value = Math.round(1000 * ev.loaded / ev.total); }
      };
      xhr.onload = () => {
        meter.hidden = true;
        let body = null;
        try { body = JSON.parse(xhr.responseText); } catch (e) { body = null; }
        if (xhr.status === 200 && body) {
          status.textContent = 'Uploaded ' + body.path + ' (' + body.bytes + ' bytes): query it as '
            + '"uploads"."' + body.name.replace(/\.(csv|tsv|tab|psv|txt)(\.gz)?$/i, '') + '".';
          status.className = 'ok';
          c.refreshWorkspace();
        } else {
          status.textContent = 'Upload of ' + file.name + ' refused: '
            + ((body && body.error && body.error.message) || ('HTTP ' + xhr.status));
          status.className = 'error';
        }
        resolve();
      };
      xhr.onerror = () => {
        meter.hidden = true;
        status.textContent = 'Upload of ' + file.name + ' failed: the connection broke.';
        status.className = 'error';
        resolve();
      };
      status.textContent = 'Uploading ' + file.name + '…';
      status.className = '';
      xhr.send(file);
    });
  }

  document.addEventListener('csvws:session', (ev) => {
    const max = ev.detail.uploadMaxBytes;
    if (max === null || max === undefined) { return; }
    const nav = document.getElementById('workspace');
    const box = el('div', { id: 'upload' });
    const input = el('input', { type: 'file', id: 'upload-file', multiple: true,
      accept: '.csv,.tsv,.tab,.psv,.txt,.gz' });
    const label = el('label', { htmlFor: 'upload-file', className: 'upload-button',
      text: 'Upload a file…' });
    const hint = el('p', { className: 'meta', text: 'or drop CSV, TSV or .gz files here (at most '
      + Math.round(max / 1048576) + ' MB each); they go into uploads/.' });
    const meter = el('progress', { id: 'upload-progress', max: 1000, hidden: true });
    const status = el('p', { id: 'upload-status' });
    status.setAttribute('role', 'status');
    box.appendChild(label);
    box.appendChild(input);
    box.appendChild(hint);
    box.appendChild(meter);
    box.appendChild(status);
    nav.insertBefore(box, document.getElementById('tables'));
    const send = async (files) => {
      for (const f of files) { await upload(f, status, meter); }
    };
    input.addEventListener('change', () => { send(Array.from(input.files)); input.value = ''; });
    nav.addEventListener('dragover', (e) => { e.preventDefault(); nav.classList.add('drop'); });
    nav.addEventListener('dragleave', () => nav.classList.remove('drop'));
    nav.addEventListener('drop', (e) => {
      e.preventDefault();
      nav.classList.remove('drop');
      send(Array.from(e.dataTransfer.files));
    });
  });
})();
