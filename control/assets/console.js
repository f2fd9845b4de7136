/* The learner console overlay (AEP-032 §1, §3): a fixed "Learning sandbox" badge with the
 * scenario id, "Level N of 3" and a Hint button. The learning filter injects this script into
 * Orrery's console pages; the control service serves it at /learning/console.js and uses it in its
 * standalone learner page (/learning/).
 *
 * It shows the `learning` block of GET /me and nothing else ({scenario_id, level, max_level,
 * can_take_hint}); the Hint button calls POST /learning/hint with the learner's own bearer token
 * (the one Orrery's console keeps: localStorage "orrery-token", else sessionStorage
 * "orrery.token"). It lives in a shadow root and adds one global, `OrreryLearning`, so
 * Orrery's own scripts and styles neither see nor break it. Plain JS, no build step.
 */
(function () {
  "use strict";
  if (window.OrreryLearning) return; // injected by the filter and included by a page: run once

  var ME = "/me";
  var HINT = "/learning/hint";
  var TOKEN_KEYS = [
    ["localStorage", "orrery-token"], // the Orrery console's own key
    ["sessionStorage", "orrery.token"],
  ];

  // Why an explicit token: the console authenticates API calls with a bearer header, not cookies.
  function token() {
    for (var i = 0; i < TOKEN_KEYS.length; i++) {
      try {
        var v = window[TOKEN_KEYS[i][0]].getItem(TOKEN_KEYS[i][1]);
        if (v && v.trim()) return v.trim();
      } catch (e) { /* storage disabled: try the next one */ }
    }
    return "";
  }

  function headers() {
    var t = token();
    return t ? { authorization: "Bearer " + t } : {};
  }

  // Only a well-formed learning block is ever shown; anything else reads as "unavailable".
  function learningBlock(v) {
    if (!v || typeof v !== "object") return null;
    var max = v.max_level, level = v.level;
    if (typeof v.scenario_id !== "string" || !Number.isInteger(level) || !Number.isInteger(max)
        || level < 0 || max < 1 || level > max || typeof v.can_take_hint !== "boolean") {
      return null;
    }
    return { scenario_id: v.scenario_id.slice(0, 128), level: level, max_level: max,
             can_take_hint: v.can_take_hint };
  }

  var CSS =
    ":host{all:initial}" +
    ".badge{position:fixed;right:12px;bottom:12px;z-index:2147483647;box-sizing:border-box;" +
    "min-width:12rem;max-width:20rem;padding:8px 10px;border-radius:8px;background:#5b2a86;" +
    "color:#fff;font:13px/1.35 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)}" +
    ".title{font-weight:700;letter-spacing:.02em;text-transform:uppercase;font-size:11px}" +
    ".scenario{font-family:ui-monospace,monospace;font-size:12px;opacity:.9;word-break:break-all}" +
    ".row{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-top:4px}" +
    "button{font:inherit;padding:2px 12px;border:0;border-radius:4px;background:#fff;" +
    "color:#5b2a86;cursor:pointer}" +
    "button:disabled{opacity:.55;cursor:default}" +
    ".status{font-size:12px;margin-top:4px;min-height:1em}";

  var host = document.createElement("orrery-learning-console");
  var root = host.attachShadow({ mode: "open" });
  root.innerHTML =
    "<style>" + CSS + "</style>" +
    '<div class="badge" role="status" aria-label="Learning sandbox">' +
    '<div class="title">Learning sandbox</div>' +
    '<div class="scenario" data-part="scenario"></div>' +
    '<div class="row"><span data-part="level">Level …</span>' +
    '<button type="button" data-part="hint" disabled>Hint</button></div>' +
    '<div class="status" data-part="status" aria-live="polite"></div>' +
    "</div>";
  function part(name) { return root.querySelector('[data-part="' + name + '"]'); }
  var els = { scenario: part("scenario"), level: part("level"), hint: part("hint"),
              status: part("status") };

  var state = { block: null, inFlight: false, waitUntil: 0, status: "", lastToken: null };
  var timer = null;

  function render() {
    var b = state.block;
    els.scenario.textContent = b ? b.scenario_id : "";
    els.level.textContent = b ? "Level " + b.level + " of " + b.max_level : "Level unavailable";
    var waiting = Date.now() < state.waitUntil;
    els.hint.disabled = !b || !b.can_take_hint || state.inFlight || waiting;
    els.hint.textContent = state.inFlight ? "Hint…" : "Hint";
    if (waiting) {
      els.status.textContent = "Try again in " + Math.ceil((state.waitUntil - Date.now()) / 1000) + "s";
    } else {
      els.status.textContent = state.status;
    }
  }

  function refresh() {
    state.lastToken = token();
    if (!state.lastToken) {
      state.block = null;
      state.status = "Sign in to see your level";
      render();
      return Promise.resolve();
    }
    return fetch(ME, { headers: headers(), cache: "no-store", credentials: "same-origin" })
      .then(function (resp) {
        if (!resp.ok) throw new Error("HTTP " + resp.status);
        return resp.json();
      })
      .then(function (me) {
        state.block = learningBlock(me && me.learning);
        state.status = state.block ? "" : "Level unavailable";
      })
      .catch(function (e) {
        state.block = null;
        state.status = "Level unavailable (" + e.message + ")";
      })
      .then(render);
  }

  // Counts the rate-limit wait down, then re-reads the level.
  function waitFor(seconds) {
    state.waitUntil = Date.now() + seconds * 1000;
    if (timer) clearInterval(timer);
    timer = setInterval(function () {
      if (Date.now() >= state.waitUntil) {
        clearInterval(timer);
        timer = null;
        state.status = "";
        refresh();
      } else {
        render();
      }
    }, 250);
    render();
  }

  function hint() {
    if (state.inFlight) return Promise.resolve();
    state.inFlight = true;
    state.status = "";
    render();
    return fetch(HINT, { method: "POST", headers: headers(), cache: "no-store",
                         credentials: "same-origin" })
      .then(function (resp) {
        if (resp.status === 429) {
          var s = parseInt(resp.headers.get("retry-after") || "", 10);
          state.inFlight = false;
          waitFor(Number.isFinite(s) && s > 0 ? Math.min(s, 86400) : 1);
          return null;
        }
        if (resp.status === 403) state.status = "Hints are for human learners only";
        else if (!resp.ok) state.status = "Hint failed (HTTP " + resp.status + ")";
        state.inFlight = false;
        return refresh();
      })
      .catch(function () {
        state.inFlight = false;
        state.status = "Hint failed (network)";
        return refresh();
      });
  }

  els.hint.addEventListener("click", function () { hint(); });

  // The console stores a new token when its field changes: re-read the level for the new learner.
  function tokenMayHaveChanged() {
    setTimeout(function () { if (token() !== state.lastToken) refresh(); }, 0);
  }
  window.addEventListener("change", tokenMayHaveChanged, true);
  window.addEventListener("storage", tokenMayHaveChanged);
  window.addEventListener("focus", tokenMayHaveChanged);

  function mount() {
    (document.body || document.documentElement).appendChild(host);
    refresh();
  }

  Object.defineProperty(window, "OrreryLearning", {
    value: Object.freeze({ refresh: refresh, hint: hint }),
    writable: false, configurable: false, enumerable: false,
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})();
