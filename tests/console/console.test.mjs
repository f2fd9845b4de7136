// The learner console overlay in real headless Chromium, through the real stack (Envoy with
// jwt_authn and the learning filter in front of Orrery and the control service).
//
// Environment:
//   BASE_URL     learner-facing Envoy, e.g. http://127.0.0.1:10000          (required)
//   TOKEN        a human learner's bearer token, at level 0 on the scenario  (required)
//   TOKEN2       optional: a second learner's token (level 0), typed into the page's token
//                field at the end: the overlay must switch to that learner
//   DELEGATED_TOKEN optional: an agent's token (act claim), typed in last: Hint must be disabled
//   SCENARIO_ID  the scenario the badge must name                           (required)
//   VALUES       the manifest's target values, comma separated: none may ever be in the DOM text
//   PAGE         the page to open: /learning/ (the standalone learner page, default) or an
//                Orrery console page such as /console (the filter injects the overlay there);
//                / is the stand-in's Vite-shaped console (index.html loading hashed /assets/
//                bundles, which must load without a token)
//   CHAT_MESSAGE a question whose scripted answer states a target (default: the total lag)
//   CHROMIUM     the browser (default /usr/bin/chromium; Playwright never downloads one)
//
// The token reaches the page the way Orrery's console keeps it: localStorage "orrery-token".
// The navigation itself carries no bearer header, as in a real browser: jwt_authn exempts the
// console pages and the learning assets, and the filter guards those pages with no identity.
// Every API call the overlay makes must carry the token on its own (asserted).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const BASE_URL = (process.env.BASE_URL || "").replace(/\/$/, "");
const TOKEN = process.env.TOKEN || "";
const TOKEN2 = process.env.TOKEN2 || "";
const DELEGATED_TOKEN = process.env.DELEGATED_TOKEN || "";
const SCENARIO_ID = process.env.SCENARIO_ID || "";
const VALUES = (process.env.VALUES || "").split(",").map((v) => v.trim()).filter(Boolean);
const PAGE = process.env.PAGE || "/learning/";
const CHAT_MESSAGE = process.env.CHAT_MESSAGE || "What is the total lag of orders-processor?";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const STEP_MS = 15000;

for (const [name, v] of Object.entries({ BASE_URL, TOKEN, SCENARIO_ID })) {
  if (!v) throw new Error(`${name} is required (see the header of console.test.mjs)`);
}

let userDataDir;
let context;
let page;
const pageErrors = [];
const apiCalls = []; // {method, path, auth} of every /me and /learning/hint request
const navigations = []; // the authorization header of every navigation (none expected)
const assetLoads = []; // {path, auth, status} of every /assets/ request (a Vite console's bundles)

before(async () => {
  userDataDir = mkdtempSync(join(tmpdir(), "orrery-console-test-"));
  const t0 = Date.now();
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium dials out and this closed network
    // refuses it; the test needs nothing but loopback.
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  console.log(`# chromium ${context.browser()?.version() ?? ""} up in ${Date.now() - t0} ms`);
  await context.addInitScript((token) => {
    try { localStorage.setItem("orrery-token", token); } catch (e) { /* about:blank */ }
  }, TOKEN);
  const origin = new URL(BASE_URL).origin;
  await context.route(`${origin}/**`, (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname;
    if (path === "/me" || path === "/learning/hint") {
      apiCalls.push({ method: req.method(), path, auth: req.headers()["authorization"] || "" });
    }
    if (req.isNavigationRequest()) navigations.push(req.headers()["authorization"] || "");
    return route.continue();
  });
  page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("requestfinished", async (req) => {
    const path = new URL(req.url()).pathname;
    if (!path.startsWith("/assets/")) return;
    const resp = await req.response();
    assetLoads.push({ path, auth: req.headers()["authorization"] || "", status: resp?.status() ?? 0 });
  });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
});

after(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

async function eventually(what, fn, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Every text node, input value and attribute of the document, shadow roots included.
function domText() {
  return page.evaluate(() => {
    const out = [document.title];
    const walk = (root) => {
      for (const el of root.querySelectorAll("*")) {
        for (const a of el.attributes) out.push(a.value);
        if ("value" in el && typeof el.value === "string") out.push(el.value);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
      const tw = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) out.push(n.nodeValue);
    };
    walk(document);
    return out.join("\n");
  });
}

// Each value as a reader would see it: as written, and a number also with thousands separators
// ("5,100", "5 100"), compared case-insensitively.
function spellings(v) {
  const out = new Set([v.toLowerCase()]);
  const n = Number(v);
  if (v !== "" && Number.isFinite(n) && Math.abs(n) >= 1000) {
    const [int, frac] = n.toLocaleString("en-US", { maximumFractionDigits: 20 }).split(".");
    for (const sep of [",", " ", "\u00a0", "\u202f", "."]) {
      const dec = sep === "." ? "," : ".";
      out.add(int.replace(/,/g, sep) + (frac ? dec + frac : ""));
    }
  }
  return [...out];
}

async function assertNoValues(when) {
  const text = (await domText()).toLowerCase();
  // The walker must see the overlay (shadow DOM included), or the check below proves nothing.
  assert.ok(text.includes("learning sandbox") && text.includes(SCENARIO_ID.toLowerCase()),
    `DOM walk misses the overlay (${when})`);
  VALUES.forEach((v, i) => {
    // The message names the value's position, never the value.
    assert.ok(!spellings(v).some((s) => text.includes(s)),
      `manifest value #${i + 1} is in the page's DOM text ${when}`);
  });
}

const overlay = (part) => page.locator(`orrery-learning-console [data-part="${part}"]`);
const levelText = () => overlay("level").textContent();
const statusText = () => overlay("status").textContent();
const hintEnabled = () => overlay("hint").isEnabled();

// The steps build on each other: after one fails, the rest are skipped rather than time out.
let broken = false;
async function step(t, name, fn) {
  await t.test(name, { skip: broken && "an earlier step failed" }, async () => {
    try {
      await fn();
    } catch (e) {
      broken = true;
      throw e;
    }
  });
}

test("the overlay shows the level, takes hints, honours the rate limit and never shows a value", async (t) => {
  const started = Date.now();
  const timings = {};
  const mark = (name, since) => { timings[name] = Date.now() - since; };

  let t0 = Date.now();
  const resp = await page.goto(BASE_URL + PAGE, { waitUntil: "load" });
  assert.equal(resp.status(), 200, `GET ${PAGE}`);
  assert.match(resp.headers()["content-type"] || "", /^text\/html/);
  assert.deepEqual(navigations, [""], "the page was loaded without a bearer token");
  // The overlay tag is in the served HTML exactly once (the filter injects it into Orrery's pages).
  const html = await resp.text();
  assert.equal(html.split('<script src="/learning/console.js"').length - 1, 1, `overlay tags in ${PAGE}`);

  await step(t, "badge: Learning sandbox, the scenario id, Level 0 of 3", async () => {
    await page.waitForLoadState("networkidle");
    assert.equal(await page.locator("orrery-learning-console").count(), 1,
      `no overlay on ${PAGE}: the page must load /learning/console.js (the filter injects it into Orrery's HTML)`);
    await eventually("Level 0 of 3", async () => (await levelText()) === "Level 0 of 3");
    mark("page load to Level 0", t0);
    assert.equal(await page.locator("orrery-learning-console").count(), 1, "one overlay");
    assert.equal(await page.locator("orrery-learning-console .title").textContent(), "Learning sandbox");
    assert.equal(await overlay("scenario").textContent(), SCENARIO_ID);
    assert.ok(await hintEnabled(), "Hint enabled at level 0");
    assert.equal(await page.evaluate(() => typeof window.OrreryLearning), "object");
    await assertNoValues("after load");
  });

  await step(t, "a question about a target gets a guarded answer", async () => {
    t0 = Date.now();
    const before = await page.locator("#log .assistant").count();
    await page.fill("#message", CHAT_MESSAGE);
    await page.press("#message", "Enter");
    await eventually("the assistant's answer", async () => {
      const n = await page.locator("#log .assistant").count();
      return n > before && ((await page.locator("#log .assistant").last().textContent()) || "").length > 0;
    }, 30000);
    // The reply may still be streaming: wait until it stops changing.
    let last = null;
    await eventually("the answer to settle", async () => {
      const now = await page.locator("#log").textContent();
      const settled = now === last;
      last = now;
      if (!settled) await new Promise((r) => setTimeout(r, 400));
      return settled;
    }, 30000);
    mark("chat answer", t0);
    await assertNoValues("after the chat answer");
  });

  await step(t, "Hint: Level 1 of 3", async () => {
    t0 = Date.now();
    await overlay("hint").click();
    await eventually("Level 1 of 3", async () => (await levelText()) === "Level 1 of 3");
    await eventually("Hint enabled again", hintEnabled);
    mark("hint to Level 1", t0);
    await assertNoValues("after the first hint");
  });

  let wait;
  await step(t, "Hint again at once: the rate-limit message, button disabled", async () => {
    await overlay("hint").click();
    const msg = await eventually("Try again in Ns", async () => {
      const s = await statusText();
      return /^Try again in \d+s$/.test(s) ? s : null;
    });
    wait = Number(/(\d+)/.exec(msg)[1]);
    assert.ok(wait >= 1, msg);
    assert.equal(await hintEnabled(), false, "Hint disabled while rate-limited");
    assert.equal(await levelText(), "Level 1 of 3", "a refused hint changes nothing");
  });

  await step(t, "after the wait the button comes back and the next hint gives Level 2 of 3", async () => {
    t0 = Date.now();
    await eventually("Hint enabled after the wait", hintEnabled, (wait + 5) * 1000);
    assert.equal(await statusText(), "");
    await overlay("hint").click();
    await eventually("Level 2 of 3", async () => (await levelText()) === "Level 2 of 3");
    mark("rate-limit wait and hint to Level 2", t0);
    await assertNoValues("at level 2");
  });

  if (TOKEN2) {
    await step(t, "a new token in the page's token field: the overlay shows that learner's level", async () => {
      await page.fill("#token", TOKEN2);
      await page.dispatchEvent("#token", "change");
      await eventually("Level 0 of 3 for the second learner", async () => (await levelText()) === "Level 0 of 3");
      assert.ok(await hintEnabled(), "the second learner may take a hint");
    });
  }

  if (DELEGATED_TOKEN) {
    await step(t, "an agent's (delegated) token: the badge stays, the Hint button is disabled", async () => {
      await page.fill("#token", DELEGATED_TOKEN);
      await page.dispatchEvent("#token", "change");
      await eventually("Hint disabled for the agent", async () => !(await hintEnabled()));
      // The filter's /me answers an agent too (can_take_hint false): the level stays shown.
      assert.equal(await levelText(), "Level 0 of 3");
      assert.equal(await page.locator("orrery-learning-console .title").textContent(), "Learning sandbox");
      await assertNoValues("with an agent's token");
    });
  }

  await step(t, "a Vite console's hashed /assets/ bundles loaded without a token", async () => {
    if (PAGE !== "/") return;
    const js = assetLoads.filter((a) => /^\/assets\/index-[A-Za-z0-9_-]{8}\.js$/.test(a.path));
    const css = assetLoads.filter((a) => /^\/assets\/index-[A-Za-z0-9_-]{8}\.css$/.test(a.path));
    assert.equal(js.length, 1, JSON.stringify(assetLoads));
    assert.equal(css.length, 1, JSON.stringify(assetLoads));
    for (const a of assetLoads) {
      assert.equal(a.auth, "", `${a.path} carried a bearer token`);
      assert.equal(a.status, 200, a.path);
    }
    // The bundle built the page: the chat form the earlier steps used is the bundle's.
    assert.equal(await page.locator("#root #chat").count(), 1);
  });

  await step(t, "the overlay sent a learner's token on every call and the page raised no error", async () => {
    const hints = apiCalls.filter((c) => c.path === "/learning/hint");
    assert.equal(hints.length, 3, JSON.stringify(hints.map((c) => c.method)));
    assert.ok(apiCalls.filter((c) => c.path === "/me").length >= 3);
    for (const c of apiCalls) {
      const known = [TOKEN, TOKEN2, DELEGATED_TOKEN].filter(Boolean).map((x) => `Bearer ${x}`);
      assert.ok(known.includes(c.auth), `${c.method} ${c.path}`);
    }
    const last = DELEGATED_TOKEN || TOKEN2;
    if (last) assert.equal(apiCalls.at(-1).auth, `Bearer ${last}`, "the last call used the new token");
    assert.deepEqual(pageErrors, []);
  });

  console.log(`# ${PAGE}: ${JSON.stringify(timings)} total ${Date.now() - started} ms`);
});
