// The SQL editor of the csvws web console: CodeMirror 5 (served from its WebJar) over the page's
// textarea, with SQL highlighting, completion of the workspace's tables and columns, saved results
// and the engine's functions, Ctrl+Enter to run, and the span an error names marked.
//
// app.js keeps reading the textarea (kept equal to the editor's text on every change) and calls
// window.csvwsEditor to put text in and to mark an error. Completion words come from the page's
// events: csvws:workspace (the tables app.js listed), csvws:ready (the token, to ask for the
// engine's functions) and csvws:saved (the saved results keep.js listed). Names are put into the
// page as text only (show-hint renders them with textContent; our render() does the same).
'use strict';

(function () {
  const textarea = document.getElementById('sql');
  const words = { tables: [], functions: [], saved: [] };
  const SIMPLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
  const base = CodeMirror.resolveMode('text/x-sql');
  // Words of csvws's SQL beyond the generic ones of CodeMirror's SQL mode.
  const extraKeywords = ['limit', 'offset', 'fetch', 'first', 'next', 'rows', 'only', 'with',
    'recursive', 'over', 'partition', 'filter', 'within', 'ilike', 'qualify', 'nulls', 'last',
    'cross', 'lateral', 'unnest', 'interval', 'cast', 'case', 'when', 'then', 'else', 'end',
    'exists', 'true', 'false', 'unknown', 'escape', 'similar', 'except', 'intersect', 'minus',
    'window', 'range', 'preceding', 'following', 'unbounded', 'current', 'row'];
  const keywords = Object.assign({}, base.keywords || {});
  for (const k of extraKeywords) { keywords[k] = true; }

  function defineMode() {
    const builtin = Object.assign({}, base.builtin || {});
    for (const f of words.functions) { builtin[f.name.toLowerCase()] = true; }
    // Double quotes delimit names, as in PostgreSQL (CodeMirror's generic SQL reads them as text).
    const pg = CodeMirror.resolveMode('text/x-pgsql');
    CodeMirror.defineMIME('text/x-csvws', Object.assign({}, base, {
      name: 'sql', keywords: keywords, builtin: builtin, identifierQuote: '"', hooks: pg.hooks,
      support: pg.support, operatorChars: pg.operatorChars, backslashStringEscapes: false
    }));
  }
  defineMode();

  function isKeyword(word) {
    return Object.prototype.hasOwnProperty.call(keywords, word.toLowerCase());
  }

  // A name as SQL needs it: bare when it is a plain word that is not a keyword, else quoted.
  function ident(name) {
    return SIMPLE.test(name) && !isKeyword(name) ? name : '"' + name.replace(/"/g, '""') + '"';
  }

  function tableRef(t) {
    return t.schema && t.schema !== 'main' ? ident(t.schema) + '.' + ident(t.table) : ident(t.table);
  }

  function unquote(name) {
    return name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
  }

  // The tables a query names after FROM or JOIN, with the alias each has (if any).
  function tablesInQuery(text) {
    const found = [];
    const name = '(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)';
    const re = new RegExp('\\b(?:FROM|JOIN)\\s+(' + name + ')(?:\\s*\\.\\s*(' + name + '))?'
      + '(?:\\s+(?:AS\\s+)?(' + name + '))?', 'gi');
    let m;
    while ((m = re.exec(text)) !== null) {
      const schema = m[2] ? unquote(m[1]) : null;
      const table = unquote(m[2] || m[1]);
      const alias = m[3] && !isKeyword(unquote(m[3])) ? unquote(m[3]) : null;
      const t = words.tables.find((x) => x.table.toLowerCase() === table.toLowerCase()
        && (schema === null ? true : (x.schema || '').toLowerCase() === schema.toLowerCase()));
      if (t) { found.push({ table: t, alias: alias }); }
    }
    return found;
  }

  function render(element, self, data) {
    element.appendChild(document.createTextNode(data.label));
    const kind = document.createElement('span');
    kind.className = 'hint-kind';
    kind.textContent = data.kind;
    element.appendChild(kind);
  }

  function hint(text, label, kind, className) {
    return { text: text, label: label, kind: kind, className: className, render: render };
  }

  // Completion at the cursor: after "x." the columns of table or alias x (or the tables of
  // schema x); otherwise the columns of the tables the query names, then tables, saved results,
  // functions and keywords, each starting with the word being typed.
  function complete(cm) {
    const cur = cm.getCursor();
    const line = cm.getLine(cur.line);
    let start = cur.ch;
    while (start > 0 && /[\w$]/.test(line.charAt(start - 1))) { start--; }
    const typed = line.slice(start, cur.ch);
    const prefix = typed.toLowerCase();
    const starts = (name) => name.toLowerCase().startsWith(prefix);
    const list = [];
    const seen = new Set();
    const add = (h) => {
      if (!seen.has(h.text + '\u0000' + h.kind)) { seen.add(h.text + '\u0000' + h.kind); list.push(h); }
    };
    const inQuery = tablesInQuery(cm.getValue());
    const qualifier = /("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)\s*\.\s*$/.exec(line.slice(0, start));
    if (qualifier) {
      const q = unquote(qualifier[1]).toLowerCase();
      for (const ref of inQuery) {
        if ((ref.alias || '').toLowerCase() === q || ref.table.table.toLowerCase() === q) {
          for (const c of ref.table.columns) {
            if (starts(c.name)) { add(hint(ident(c.name), c.name, c.type, 'hint-column')); }
          }
        }
      }
      if (list.length === 0) {
        for (const t of words.tables) {
          if (t.table.toLowerCase() === q) {
            for (const c of t.columns) {
              if (starts(c.name)) { add(hint(ident(c.name), c.name, c.type, 'hint-column')); }
            }
          } else if ((t.schema || '').toLowerCase() === q && starts(t.table)) {
            add(hint(ident(t.table), t.table, 'table', 'hint-table'));
          }
        }
      }
    } else {
      for (const ref of inQuery) {
        for (const c of ref.table.columns) {
          if (starts(c.name)) {
            add(hint(ident(c.name), c.name, c.type + ' \u00b7 ' + ref.table.table, 'hint-column'));
          }
        }
      }
      for (const t of words.tables) {
        if (starts(t.table) || starts((t.schema || '') + '.' + t.table)) {
          const label = t.schema && t.schema !== 'main' ? t.schema + '.' + t.table : t.table;
          add(hint(tableRef(t), label, 'table', 'hint-table'));
        }
      }
      for (const s of words.saved) {
        if (starts(s)) { add(hint(ident(s), s, 'saved result', 'hint-saved')); }
      }
      if (typed.length > 0) {
        for (const f of words.functions) {
          if (starts(f.name)) { add(hint(f.name + '(', f.name, f.kind + ' function', 'hint-function')); }
        }
        for (const k of Object.keys(keywords)) {
          if (starts(k) && k.length > typed.length
              && !words.functions.some((f) => f.name.toLowerCase() === k)) { add(hint(k.toUpperCase(), k.toUpperCase(), 'keyword', 'hint-keyword')); }
        }
      }
    }
    return { list: list.slice(0, 200), from: CodeMirror.Pos(cur.line, start), to: cur };
  }

  function runQuery(editor) {
    if (editor.state.completionActive) { editor.closeHint(); }
    document.getElementById('query-form').requestSubmit();
  }

  const cm = CodeMirror.fromTextArea(textarea, {
    mode: 'text/x-csvws',
    lineNumbers: true,
    lineWrapping: true,
    matchBrackets: true,
    indentUnit: 2,
    extraKeys: {
      'Ctrl-Enter': runQuery,
      'Cmd-Enter': runQuery,
      'Ctrl-Space': (editor) => editor.showHint({ hint: complete, completeSingle: false })
    },
    hintOptions: { hint: complete, completeSingle: false }
  });
  let errorMark = null;

  function clearMark() {
    if (errorMark) { errorMark.clear(); errorMark = null; }
  }

  cm.on('change', () => {
    cm.save();
    clearMark();
  });
  // Completion opens as a word is typed, as in IDEs; Ctrl+Space opens it anywhere.
  cm.on('inputRead', (editor, change) => {
    if (!editor.state.completionActive && change.origin === '+input'
        && /^[\w.]$/.test(change.text.join(''))) {
      editor.showHint({ hint: complete, completeSingle: false });
    }
  });

  window.csvwsEditor = {
    /** The editor's text. */
    getValue: () => cm.getValue(),
    /** Replaces the editor's text (the textarea follows). */
    setValue: (text) => {
      cm.setValue(text);
      cm.setCursor(cm.lineCount(), 0);
      cm.focus();
    },
    /** Selects and marks the characters from offset start to end, as an error names them. */
    mark: (start, end) => {
      clearMark();
      const from = cm.posFromIndex(start);
      const to = cm.posFromIndex(Math.max(end, start));
      cm.focus();
      cm.setSelection(from, to);
      if (end > start) { errorMark = cm.markText(from, to, { className: 'cm-csvws-error' }); }
      cm.scrollIntoView({ from: from, to: to }, 40);
    },
    focus: () => cm.focus()
  };

  document.addEventListener('csvws:workspace', (ev) => { words.tables = ev.detail.tables || []; });
  document.addEventListener('csvws:saved', (ev) => { words.saved = ev.detail.names || []; });
  document.addEventListener('csvws:ready', async (ev) => {
    try {
      const r = await fetch('/web/api/functions', {
        headers: { 'X-Csvws-Token': ev.detail.token }, credentials: 'same-origin'
      });
      if (r.ok) {
        words.functions = (await r.json()).functions;
        defineMode();
        cm.setOption('mode', 'text/x-csvws');
      }
    } catch (e) {
      // Completion then offers tables, columns and keywords only; nothing else depends on it.
    }
  });
})();
