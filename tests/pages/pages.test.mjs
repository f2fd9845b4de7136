// The author playground and the instructor report page in real headless Chromium
// (tools/test-pages starts the stack and passes the environment below).
//
// Environment:
//   CONTROL_URL   the control service, e.g. http://127.0.0.1:18081 (serves /learning/author/)
//   BASE_URL      the learner-facing Envoy (the report page goes through it)
//   AUTHOR_FILE   the static build (target/pages/author.html), opened as file://
//   MANIFEST      the valid example manifest (its values are the ones no page may show)
//   INSTRUCTOR_TOKEN, LEARNER_TOKEN   tokens minted by the stand-in (role instructor / none)
//   LEARNER       the learner subject tools/test-pages gave help to (a hint, a withheld answer)
//   SCREENSHOTS   optional directory: author.png and report.png are written there
//   CHROMIUM      the browser (default /usr/bin/chromium; playwright-core never downloads one)
//
// What it asserts: a manifest loaded from a file shows a catch, its span and the nudges at
// levels 0-2, and the "what the guard catches" panel; no request leaves the page after it loads
// (none at all once offline) and none carries the manifest or a sample; an invalid manifest
// shows locations and kinds and no value anywhere in the DOM outside the author's own text
// boxes; the file:// build works the same; the report page renders the run (level, hint times,
// withheld per surface), sorts, filters, exports CSV, and never shows a value.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "../console/node_modules/playwright-core/index.mjs";

const env = (k) => {
  const v = process.env[k] || "";
  if (!v) throw new Error(`${k} is required (see the header of pages.test.mjs)`);
  return v;
};
const CONTROL_URL = env("CONTROL_URL").replace(/\/$/, "");
const BASE_URL = env("BASE_URL").replace(/\/$/, "");
const AUTHOR_FILE = env("AUTHOR_FILE");
const MANIFEST_PATH = env("MANIFEST");
const INSTRUCTOR_TOKEN = env("INSTRUCTOR_TOKEN");
const LEARNER_TOKEN = env("LEARNER_TOKEN");
const LEARNER = env("LEARNER");
const SCREENSHOTS = process.env.SCREENSHOTS || "";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const STEP_MS = 20000;

const MANIFEST = readFileSync(MANIFEST_PATH, "utf8");
const VALUES = JSON.parse(MANIFEST).targets.map((t) => String(t.value));
// Grouped spellings too (5,100 / 5 100 / 5.100): a page must not show those either.
const NEEDLES = VALUES.flatMap((v) => /^\d{4,}$/.test(v)
  ? [v, v.replace(/\B(?=(\d{3})+$)/g, ","), v.replace(/\B(?=(\d{3})+$)/g, " "), v.replace(/\B(?=(\d{3})+$)/g, ".")]
  : [v, v.toLowerCase()]);
const SAMPLES = [
  "The total lag of orders-processor is 5,100 messages.",
  "Check the consumer group's lag per partition first.",
  "The stalled one is orders_worker_kestrel.",
].join("\n");

let dir;
let browser;
const pageErrors = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "orrery-pages-test-"));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Every text node, attribute and input value of the document except the author's own text
// boxes (#manifest, #samples), which hold what the author typed.
function domText(page) {
  return page.evaluate(() => {
    const out = [document.title];
    for (const el of document.querySelectorAll("*")) {
      if (el.id === "manifest" || el.id === "samples") continue;
      if (el.tagName === "SCRIPT") continue; // the page's code (the wasm is base64 in it)
      for (const a of el.attributes) out.push(a.value);
      if ("value" in el && typeof el.value === "string") out.push(el.value);
    }
    const tw = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n; n = tw.nextNode()) {
      const p = n.parentElement;
      if (p && (p.id === "manifest" || p.id === "samples" || p.tagName === "SCRIPT")) continue;
      out.push(n.nodeValue);
    }
    return out.join("\n");
  });
}

function assertNoValue(text, where) {
  for (const v of NEEDLES) assert.ok(!text.includes(v), `${where}: a target value is on the page`);
}

async function authorPage(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  const requests = [];
  context.on("request", (r) => requests.push({ url: r.url(), body: r.postData() || "" }));
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  const loaded = requests.length;
  return { context, page, requests, loaded };
}

async function loadManifestFile(page, text, name) {
  const p = join(dir, name);
  writeFileSync(p, text);
  await page.setInputFiles("#manifest-file", p);
}

async function catchAndNudges(page) {
  await page.fill("#samples", SAMPLES);
  await page.waitForSelector("#results-table");
  const rows = await page.$$eval("#results-table tr.row-withheld, #results-table tr.row-shown", (trs) =>
    trs.map((tr) => ({
      withheld: tr.classList.contains("row-withheld"),
      targets: tr.querySelector(".targets")?.textContent || "",
      mark: tr.querySelector("mark")?.textContent || "",
      nudges: [...tr.querySelectorAll(".nudge")].map((n) => n.dataset.level),
    })));
  assert.equal(rows.length, 3);
  assert.deepEqual(rows.map((r) => r.withheld), [true, false, true]);
  assert.equal(rows[0].targets, "total_lag");
  assert.equal(rows[0].mark, "5,100", "the highlighted span");
  assert.deepEqual(rows[0].nudges, ["0", "1", "2"]);
  assert.equal(rows[2].targets, "stalled_consumer");
  // The narrowest stretch still withheld: a piece of the name's distinctive part is a catch.
  assert.ok(rows[2].mark.length >= 5 && "orders_worker_kestrel".includes(rows[2].mark), rows[2].mark);
  const nudgeText = await page.$$eval("#results-table .nudge", (ns) => ns.map((n) => n.textContent).join("\n"));
  assertNoValue(nudgeText, "nudges");
  const forms = await page.$$eval("#catches details", (ds) => ds.map((d) => d.querySelectorAll("code").length));
  assert.equal(forms.length, 3, "one catches list per target");
  assert.ok(forms.every((n) => n >= 6), `forms per target: ${forms}`);
}

function assertNothingLeft(requests, loaded, where) {
  const later = requests.slice(loaded);
  assert.deepEqual(later.map((r) => r.url), [], `${where}: requests after the page loaded`);
  for (const r of requests) {
    for (const needle of [...NEEDLES, "orders-processor is", "scenario_id"]) {
      assert.ok(!decodeURIComponent(r.url).includes(needle) && !r.body.includes(needle), `${where}: a request carried page input`);
    }
  }
}

test("author playground (served): a manifest from a file, a catch, its span and the nudges; offline; nothing sent", async () => {
  const { context, page, requests, loaded } = await authorPage(`${CONTROL_URL}/learning/author/`);
  const csp = (await page.evaluate(() => document.querySelector("meta[http-equiv]").content));
  assert.match(csp, /connect-src 'none'/);
  // A fetch the page's own script might try is refused by its policy (no request is made).
  const blocked = await page.evaluate(() => fetch("/x").then(() => false, () => true));
  assert.ok(blocked, "connect-src 'none' refuses a fetch");
  // Offline from here on: the playground needs nothing more from the network.
  await context.setOffline(true);
  await loadManifestFile(page, MANIFEST, "manifest.json");
  await page.waitForSelector("#valid");
  await catchAndNudges(page);
  // A transcript JSON: its assistant messages are the samples.
  await page.fill("#samples", JSON.stringify({ messages: [
    { role: "user", content: "is it 2750?" },
    { role: "assistant", content: "The most-lagged partition holds two thousand seven hundred fifty messages." },
  ] }));
  await page.waitForSelector("#results-table tr.row-withheld");
  assert.equal(await page.$$eval("#results-table tr.row-withheld, #results-table tr.row-shown", (t) => t.length), 1);
  assert.equal(await page.textContent("#results-table .targets"), "worst_partition_lag");
  assertNothingLeft(requests, loaded, "served");
  if (SCREENSHOTS) {
    await page.fill("#samples", SAMPLES);
    await page.waitForSelector("#results-table tr.row-withheld");
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, "author.png"), fullPage: true });
  }
  await context.close();
});

test("author playground: an invalid manifest shows locations and kinds, and no value anywhere in the DOM", async () => {
  const { context, page, requests, loaded } = await authorPage(`${CONTROL_URL}/learning/author/`);
  const doc = JSON.parse(MANIFEST);
  // Values where the contract forbids them: in a unit, a descriptor, an id; plus an unknown field
  // whose key is a value.
  doc.targets[0].unit = `${doc.targets[0].value} messages`;
  doc.targets[1].descriptor += ` (${doc.targets[1].value})`;
  doc.targets[2].id = String(doc.targets[2].value).replace(/-/g, "_");
  doc[String(doc.targets[0].value)] = doc.targets[2].value;
  await loadManifestFile(page, JSON.stringify(doc, null, 2), "invalid.json");
  await page.waitForSelector("#invalid");
  await page.fill("#samples", SAMPLES);
  const errors = await page.$$eval("ul.errors li", (lis) => lis.map((l) => l.textContent));
  assert.ok(errors.length >= 3, `errors: ${errors.length}`);
  for (const e of errors) assert.match(e, /^[$\w.[\]]+: [a-z_]+$/, "location: kind");
  assertNoValue(await domText(page), "invalid manifest");
  assert.equal(await page.$("#results-table"), null, "no results for an invalid manifest");
  // A document that is not JSON at all.
  await page.fill("#manifest", `{"value": ${VALUES[0]}, `);
  await page.waitForSelector("#invalid");
  assertNoValue(await domText(page), "unparseable manifest");
  assertNothingLeft(requests, loaded, "invalid");
  await context.close();
});

test("author playground (file://): the static build works from disk", async () => {
  const { context, page, requests, loaded } = await authorPage(pathToFileURL(AUTHOR_FILE).href);
  await loadManifestFile(page, MANIFEST, "manifest-file.json");
  await page.waitForSelector("#valid");
  await catchAndNudges(page);
  assertNothingLeft(requests, loaded, "file");
  await context.close();
});

test("report page: the run through Envoy, sorted, filtered, exported; no value", async () => {
  // A learner cannot open it (the filter answers 403 before the control service).
  const learner = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${LEARNER_TOKEN}` } });
  const lp = await learner.newPage();
  const denied = await lp.goto(`${BASE_URL}/learning/report`);
  assert.equal(denied.status(), 403);
  await learner.close();

  // An instructor's browser: the gateway (here the context) sends the instructor's token.
  const context = await browser.newContext({
    acceptDownloads: true,
    extraHTTPHeaders: { authorization: `Bearer ${INSTRUCTOR_TOKEN}` },
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  const resp = await page.goto(`${BASE_URL}/learning/report`);
  assert.equal(resp.status(), 200);
  assert.match(resp.headers()["content-type"], /text\/html/);
  await page.waitForSelector("body[data-ready='1']");
  const row = page.locator(`tr[data-subject="${LEARNER}"]`);
  await row.waitFor();
  const cells = await row.locator("td").allTextContents();
  assert.equal(cells[2], "2", "level reached");
  assert.match(cells[3], /^2L1 [\d-]{10} [\d:]{8}, L2 [\d-]{10} [\d:]{8}$/, `hints with their times: ${cells[3]}`);
  assert.match(cells[4], /^[1-9]\d* \(.*chat [1-9]/, `withheld per surface: ${cells[4]}`);
  assert.ok(await page.$("#chart-svg rect.bar"), "the chart has bars");

  // Sorting: click "hints taken" twice for descending; the learner with a hint comes first.
  await page.click("th[data-key='hints_taken']");
  await page.click("th[data-key='hints_taken']");
  assert.equal(await page.getAttribute("th[data-key='hints_taken']", "aria-sort"), "descending");
  const first = await page.locator("#learners tbody tr").first().getAttribute("data-subject");
  assert.equal(first, LEARNER);
  // Filtering.
  await page.fill("#filter", LEARNER);
  assert.ok((await page.locator("#learners tbody tr").count()) >= 1);
  await page.fill("#filter", "nobody-by-this-name");
  assert.equal(await page.locator("#learners tbody tr").count(), 0);
  await page.fill("#filter", "");
  // Probing flags: the learner who asked five times is flagged, and the filter shows only them.
  await page.check("#flagged");
  const flagged = await page.locator("#learners tbody tr").evaluateAll((trs) => trs.map((t) => t.dataset.subject));
  assert.deepEqual(flagged, [`${LEARNER}-b`]);
  assert.match(await page.locator("#learners tbody tr td").nth(6).textContent(), /^1 flagged/);
  await page.uncheck("#flagged");
  assert.equal(await page.locator("#learners tbody tr").count(), 3);
  // CSV export.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#csv")]);
  const csv = readFileSync(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  assert.ok(lines[0].startsWith('"learner","scenario","level_reached","hints_taken"'));
  assert.ok(lines.some((l) => l.startsWith(`"${LEARNER}",`)), "the learner's row in the CSV");
  assertNoValue(csv, "CSV");
  assertNoValue(await domText(page), "report page");
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, "report.png"), fullPage: true });
  await context.close();
});

test("no page error", () => {
  assert.deepEqual(pageErrors, []);
});
