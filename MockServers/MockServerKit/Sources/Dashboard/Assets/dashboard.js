// mock-servers dashboard: progressive enhancement of the pages the Swift server renders.
// Plain ES2020, no libraries. Request paths, reasons and fault rules are attacker-controlled,
// so every node is built with createElement + textContent; nothing is parsed as HTML.
'use strict';

(() => {
  const MAX_ROWS = 500;          // rows kept on the page (the oldest dropped first)
  const MAX_HELD = 500;          // entries held while paused
  const VERDICTS = new Set(['accepted', 'rejected', 'faulted']);
  const token = document.body.dataset.token || '';

  // ---- small helpers -------------------------------------------------------------------

  /** An element with `className` and text (both optional). */
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /** Calls an admin route with the token; resolves to {ok, status, data} (data: parsed JSON or null). */
  async function admin(method, url, body) {
    const headers = { 'X-Mock-Admin-Token': token };
    const init = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      return { ok: false, status: 0, data: { error: 'The dashboard did not answer (' + error.message + ').' } };
    }
    let data = null;
    const text = await response.text();
    if (text) {
      try { data = JSON.parse(text); } catch (_) { data = { error: text.slice(0, 300) }; }
    }
    return { ok: response.ok, status: response.status, data };
  }

  /** The `{"error"}` text of a failed admin call, or a fallback naming the status. */
  function errorMessage(result) {
    if (result.data && typeof result.data.error === 'string') return result.data.error;
    return 'Request failed with status ' + result.status + '.';
  }

  const providerPath = (name) => '/providers/' + encodeURIComponent(name) + '/__admin/';

  // ---- secrets (Reveal / Hide) ---------------------------------------------------------

  function initReveal() {
    document.querySelectorAll('button.reveal').forEach((button, index) => {
      const holder = button.parentElement;
      const value = holder && holder.querySelector('.secret-value');
      const mask = holder && holder.querySelector('.secret-mask');
      if (!value) return;
      if (!value.id) value.id = 'secret-value-' + index;
      button.setAttribute('aria-controls', value.id);
      button.hidden = false;
      button.addEventListener('click', () => {
        const show = button.getAttribute('aria-expanded') !== 'true';
        button.setAttribute('aria-expanded', String(show));
        button.textContent = show ? 'Hide' : 'Reveal';
        value.hidden = !show;
        if (mask) mask.hidden = show;
      });
    });
  }

  // ---- faults --------------------------------------------------------------------------

  /** How the Value field reads for each kind of fault: its hint, and how it becomes JSON. */
  const FAULT_KINDS = {
    status: { hint: 'status code, e.g. 503', build: (v) => ({ status: { code: whole(v, 'an HTTP status code') } }) },
    latency: { hint: 'milliseconds, e.g. 200', build: (v) => ({ latency: { milliseconds: whole(v, 'milliseconds') } }) },
    randomLatency: {
      hint: 'min-max milliseconds, e.g. 10-50',
      build: (v) => {
        const [min, max] = pair(v, '-', 'min-max milliseconds, e.g. 10-50');
        return { randomLatency: { minimumMilliseconds: min, maximumMilliseconds: max } };
      },
    },
    dribble: {
      hint: 'chunkBytes,intervalMs, e.g. 16,100',
      build: (v) => {
        const [chunk, interval] = pair(v, ',', 'chunkBytes,intervalMs, e.g. 16,100');
        return { dribble: { chunkBytes: chunk, intervalMilliseconds: interval } };
      },
    },
    emptyResponse: { hint: 'no value', build: () => ({ emptyResponse: {} }) },
    malformedResponse: { hint: 'no value', build: () => ({ malformedResponse: {} }) },
    connectionReset: { hint: 'no value', build: () => ({ connectionReset: {} }) },
    clockSkew: { hint: 'seconds, e.g. 600 or -400', build: (v) => ({ clockSkew: { seconds: whole(v, 'seconds', true) } }) },
  };

  /** A whole number from the form, or a thrown message naming what was expected. */
  function whole(text, what, signed = false) {
    const trimmed = String(text).trim();
    if (!(signed ? /^-?\d{1,15}$/ : /^\d{1,15}$/).test(trimmed)) {
      throw new Error('Value must be ' + what + ', as a whole number' + (signed ? ' (a minus sign allowed).' : '.'));
    }
    return Number(trimmed);
  }

  function pair(text, separator, what) {
    const parts = String(text).split(separator);
    if (parts.length !== 2) throw new Error('Value must be ' + what + '.');
    return [whole(parts[0], what), whole(parts[1], what)];
  }

  /** The rule the add-fault form describes (throws a message for a bad field). */
  function ruleFromForm(form) {
    const kind = FAULT_KINDS[form.elements.namedItem('kind').value];
    if (!kind) throw new Error('Choose a fault.');
    const rule = { route: form.elements.namedItem('route').value, fault: kind.build(form.elements.namedItem('value').value) };
    const remaining = form.elements.namedItem('remaining').value.trim();
    if (remaining !== '') {
      if (!/^\d{1,9}$/.test(remaining)) throw new Error('Times must be a whole number of requests, or empty for always.');
      rule.remaining = Number(remaining);
    }
    return rule;
  }

  /** Re-renders a provider's fault list from `rules` (the server's JSON). */
  function renderFaults(providerName, rules) {
    document.querySelectorAll('article.provider').forEach((article) => {
      if (article.dataset.provider !== providerName) return;
      const list = article.querySelector('ul.faults');
      const none = article.querySelector('.no-faults');
      const items = (Array.isArray(rules) ? rules : []).map((rule) => {
        const item = element('li');
        item.appendChild(element('code', null, JSON.stringify(rule)));
        return item;
      });
      if (list) {
        list.replaceChildren(...items);
        list.hidden = items.length === 0;
      }
      if (none) none.hidden = items.length > 0;
    });
  }

  function initFaultForms() {
    document.querySelectorAll('form.add-fault').forEach((form) => {
      const name = form.dataset.provider;
      const alert = form.querySelector('[role="alert"]');
      const say = (text) => { if (alert) alert.textContent = text; };
      const kind = form.elements.namedItem('kind');
      const value = form.elements.namedItem('value');
      const updateHint = () => {
        const info = FAULT_KINDS[kind.value];
        value.placeholder = info ? info.hint : '';
        value.disabled = Boolean(info) && info.hint === 'no value';
      };
      kind.addEventListener('change', updateHint);
      updateHint();
      form.hidden = false;

      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        say('');
        let rule;
        try { rule = ruleFromForm(form); } catch (error) { say(error.message); return; }
        const result = await admin('POST', providerPath(name) + 'faults', rule);
        if (!result.ok) { say(errorMessage(result)); return; }
        renderFaults(name, result.data);
      });

      const clear = form.querySelector('button.clear-faults');
      if (clear) {
        clear.addEventListener('click', async () => {
          say('');
          const result = await admin('DELETE', providerPath(name) + 'faults');
          if (!result.ok) { say(errorMessage(result)); return; }
          renderFaults(name, []);
        });
      }
    });
  }

  // ---- the requests list ---------------------------------------------------------------

  function initRequests() {
    const table = document.getElementById('request-list');
    const tbody = table && table.tBodies[0];
    if (!tbody) return;
    const empty = document.getElementById('empty-list');
    const status = document.getElementById('live-status');
    const form = document.getElementById('filters');
    const providerSelect = document.getElementById('filter-provider');
    const verdictSelect = document.getElementById('filter-verdict');
    const pauseButton = document.getElementById('pause');
    const clearButton = document.getElementById('clear');
    const applyButton = document.getElementById('apply-filters');

    const rows = new Map();      // "provider\nsequence" → <tr>
    const key = (provider, sequence) => provider + '\n' + sequence;
    let held = [];               // entries that arrived while paused
    let heldCount = 0;           // how many arrived while paused (held or dropped)
    let paused = false;
    let connection = 'connecting';   // 'live' | 'reconnecting' | 'connecting'
    let notice = '';             // a passing message (Clear's outcome), shown after the state

    while (tbody.rows.length > MAX_ROWS) tbody.rows[tbody.rows.length - 1].remove();
    for (const row of tbody.rows) rows.set(key(row.dataset.provider, row.dataset.sequence), row);

    function showStatus() {
      if (!status) return;
      let text = paused ? 'Paused: ' + heldCount + ' new' : connection === 'live' ? 'Live' : 'Reconnecting…';
      if (paused && connection !== 'live') text += ' (reconnecting…)';
      if (notice) text += ' · ' + notice;
      status.textContent = text;
    }

    let noticeTimer = 0;
    function say(text) {
      notice = text;
      showStatus();
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => { notice = ''; showStatus(); }, 8000);
    }

    // Filters: applied live to every row, the URL's query kept in step.
    const matches = (row) =>
      (!providerSelect.value || row.dataset.provider === providerSelect.value) &&
      (!verdictSelect.value || row.dataset.verdict === verdictSelect.value);

    function applyFilters() {
      for (const row of tbody.rows) row.hidden = !matches(row);
      const query = new URLSearchParams();
      if (providerSelect.value) query.set('provider', providerSelect.value);
      if (verdictSelect.value) query.set('verdict', verdictSelect.value);
      const search = query.toString();
      history.replaceState(null, '', location.pathname + (search ? '?' + search : ''));
    }

    function updateEmpty() {
      if (empty) empty.hidden = tbody.rows.length > 0;
    }

    /** "08:12:03.123" from "2026-11-27T08:12:03.123Z", as the server writes it. */
    function clockTime(iso) {
      const match = /T(\d\d:\d\d:\d\d(?:\.\d+)?)/.exec(iso);
      return match ? match[1] : iso;
    }

    /** A row for one journal entry, shaped as the server renders it. */
    function rowFor(entry) {
      const verdict = VERDICTS.has(entry.verdict) ? entry.verdict : 'unknown';
      const row = element('tr', 'request verdict-' + verdict);
      row.dataset.provider = entry.provider;
      row.dataset.sequence = String(entry.sequence);
      row.dataset.verdict = String(entry.verdict);
      const time = element('time', null, clockTime(String(entry.time)));
      time.dateTime = String(entry.time);
      row.appendChild(element('td', 'time')).appendChild(time);
      row.appendChild(element('td', 'provider', entry.provider));
      row.appendChild(element('td', 'method', entry.method));
      const link = element('a', null, entry.path);
      // Only links into this dashboard: the URL comes from the server, but never trust a scheme.
      const url = new URL(String(entry.url || ''), location.href);
      link.href = url.origin === location.origin ? url.pathname : '#';
      row.appendChild(element('td', 'path')).appendChild(link);
      row.appendChild(element('td', 'status', entry.status));
      row.appendChild(element('td', 'verdict', entry.verdict));
      row.appendChild(element('td', 'reason', entry.reason));
      return row;
    }

    /** Inserts one entry newest first, skipping one already shown; keeps at most MAX_ROWS. */
    function insert(entry) {
      const id = key(entry.provider, entry.sequence);
      const existing = rows.get(id);
      if (existing) {
        // The same (provider, sequence) at another time: the journal was cleared while the
        // page was not listening. Replace the stale row; otherwise it is a replayed duplicate.
        const time = existing.querySelector('time');
        if (!time || time.dateTime === String(entry.time)) return;
        existing.remove();
      }
      const row = rowFor(entry);
      row.hidden = !matches(row);
      // Walk down from the top to the first row not newer than this one (usually the first).
      let before = tbody.rows[0] || null;
      while (before) {
        const time = before.querySelector('time');
        if (!time || time.dateTime <= row.querySelector('time').dateTime) break;
        before = before.nextElementSibling;
      }
      tbody.insertBefore(row, before);
      rows.set(id, row);
      while (tbody.rows.length > MAX_ROWS) {
        const last = tbody.rows[tbody.rows.length - 1];
        rows.delete(key(last.dataset.provider, last.dataset.sequence));
        last.remove();
      }
      updateEmpty();
    }

    function receive(entry) {
      if (paused) {
        const id = key(entry.provider, entry.sequence);
        if (rows.has(id) || held.some((waiting) => key(waiting.provider, waiting.sequence) === id)) return;
        heldCount += 1;
        held.push(entry);
        if (held.length > MAX_HELD) held.shift();
        showStatus();
      } else {
        queue(entry);
      }
    }

    // Entries are drawn once per frame, not once per event: at a thousand requests a second
    // the page does one layout per frame, and of a burst only the newest MAX_ROWS are drawn.
    let pending = [];
    let drawScheduled = false;

    function queue(entry) {
      pending.push(entry);
      if (pending.length > 2 * MAX_ROWS) pending = pending.slice(-MAX_ROWS);
      if (drawScheduled) return;
      drawScheduled = true;
      const draw = () => {
        drawScheduled = false;
        const batch = pending.length > MAX_ROWS ? pending.slice(-MAX_ROWS) : pending;
        pending = [];
        for (const waiting of batch) insert(waiting);
      };
      // A page in a background tab gets no frames; the timer still draws it, less often.
      if (document.hidden) setTimeout(draw, 250); else requestAnimationFrame(draw);
    }

    /** Drops every row (and held entry) of provider `name`: its journal was emptied. */
    function removeProvider(name) {
      for (const row of Array.from(tbody.rows)) {
        if (row.dataset.provider === name) {
          rows.delete(key(row.dataset.provider, row.dataset.sequence));
          row.remove();
        }
      }
      held = held.filter((entry) => entry.provider !== name);
      pending = pending.filter((entry) => entry.provider !== name);
      heldCount = held.length;
      updateEmpty();
      showStatus();
    }

    // Controls that need JavaScript: shown; Apply is not needed when filtering is live.
    if (pauseButton) pauseButton.hidden = false;
    if (clearButton) clearButton.hidden = false;
    if (applyButton) applyButton.hidden = true;
    form.addEventListener('submit', (event) => { event.preventDefault(); applyFilters(); });
    providerSelect.addEventListener('change', applyFilters);
    verdictSelect.addEventListener('change', applyFilters);

    if (pauseButton) {
      pauseButton.addEventListener('click', () => {
        paused = !paused;
        pauseButton.setAttribute('aria-pressed', String(paused));
        pauseButton.textContent = paused ? 'Resume' : 'Pause';
        if (!paused) {
          const waiting = held;
          held = [];
          heldCount = 0;
          waiting.forEach(insert);
        }
        showStatus();
      });
    }

    if (clearButton) {
      clearButton.addEventListener('click', async () => {
        // The filtered provider, or every provider the filter offers.
        const names = providerSelect.value
          ? [providerSelect.value]
          : Array.from(providerSelect.options).map((option) => option.value).filter(Boolean);
        const failures = [];
        for (const name of names) {
          const result = await admin('DELETE', providerPath(name) + 'journal');
          if (result.ok) removeProvider(name); else failures.push(name + ': ' + errorMessage(result));
        }
        say(failures.length ? 'Clear failed: ' + failures.join('; ') : 'Cleared ' + (providerSelect.value || 'every provider') + '.');
      });
    }

    // Server-sent events: replayed entries first (deduplicated), then live ones.
    let source = null;
    function connect() {
      source = new EventSource('/events');
      source.addEventListener('open', () => { connection = 'live'; showStatus(); });
      source.addEventListener('error', () => {
        connection = 'reconnecting';
        showStatus();
        // EventSource retries by itself unless the server refused the stream outright.
        if (source.readyState === EventSource.CLOSED) {
          source = null;
          setTimeout(connect, 3000);
        }
      });
      source.addEventListener('request', (event) => {
        const entry = parse(event.data);
        if (entry && entry.provider !== undefined && entry.sequence !== undefined) receive(entry);
      });
      source.addEventListener('cleared', (event) => {
        const data = parse(event.data);
        if (data && typeof data.provider === 'string') removeProvider(data.provider);
      });
      source.addEventListener('faults', (event) => {
        const data = parse(event.data);
        if (data && typeof data.provider === 'string') renderFaults(data.provider, data.rules);
      });
    }

    function parse(text) {
      try { return JSON.parse(text); } catch (_) { return null; }
    }

    for (const row of tbody.rows) row.hidden = !matches(row);
    updateEmpty();
    showStatus();
    if ('EventSource' in window) connect(); else if (status) status.textContent = 'Reload for new requests.';
  }

  // ---- copy buttons (request page) -----------------------------------------------------

  function initCopy() {
    const status = document.querySelector('.copy-status');
    const say = (text) => { if (status) status.textContent = text; };
    document.querySelectorAll('button.copy').forEach((button) => {
      const source = document.getElementById(button.dataset.copy || '');
      if (!source) return;
      button.hidden = false;
      button.addEventListener('click', async () => {
        const text = source.textContent;
        try {
          if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
          await navigator.clipboard.writeText(text);
          say('Copied ' + button.textContent.replace(/^Copy /, '') + '.');
        } catch (_) {
          // No clipboard access (an http origin other than localhost, or permission refused):
          // select the text so Ctrl+C / ⌘C copies it.
          const range = document.createRange();
          range.selectNodeContents(source);
          const selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          say('Selected the text: press Ctrl+C (⌘C on a Mac) to copy it.');
        }
      });
    });
  }

  // ---- start ---------------------------------------------------------------------------

  initReveal();
  initFaultForms();
  initCopy();
  if (document.body.dataset.page === 'requests') initRequests();
})();
