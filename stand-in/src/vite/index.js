// The stand-in's Vite-shaped console bundle (served as /assets/index-<hash>.js): the same chat
// page as /console, but built by a module script into <div id="root">, as Orrery's Vite app is.
const root = document.getElementById("root");
root.innerHTML = `
<h1>Orrery <small>(stand-in Vite console)</small></h1>
<p><label>Bearer token (<code>make token SUB=alice KIND=human</code>)<br>
<input id="token" placeholder="eyJ..."></label></p>
<div id="log" aria-live="polite"></div>
<form id="chat">
  <input id="message" placeholder="Ask about the orders-processor consumer group" autocomplete="off">
  <button type="submit">Send</button>
</form>`;
(function () {
  const log = document.getElementById("log");
  const tokenInput = document.getElementById("token");
  tokenInput.value = localStorage.getItem("orrery-token") || "";
  tokenInput.addEventListener("change", () => localStorage.setItem("orrery-token", tokenInput.value.trim()));
  let sessionId = null;

  function line(cls, text) {
    const div = document.createElement("div");
    div.className = cls;
    div.textContent = text;
    log.appendChild(div);
    return div;
  }

  // Reads an SSE body frame by frame: deltas grow the reply, the message frame replaces it.
  async function stream(message) {
    const resp = await fetch("/chat/stream", {
      method: "POST",
      headers: { "content-type": "application/json", "authorization": "Bearer " + tokenInput.value.trim() },
      body: JSON.stringify(sessionId ? { message, session_id: sessionId } : { message }),
    });
    if (!resp.ok) { line("progress", "error " + resp.status); return; }
    const reply = line("assistant", "");
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
      let cut;
      while ((cut = buf.indexOf("\n\n")) >= 0) {
        const raw = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        let event = "message", data = "";
        for (const l of raw.split("\n")) {
          if (l.startsWith("event:")) event = l.slice(6).trim();
          else if (l.startsWith("data:")) data += l.slice(5).trim();
        }
        let payload = {};
        try { payload = JSON.parse(data || "{}"); } catch (e) { payload = {}; }
        if (event === "delta") reply.textContent += payload.text || "";
        else if (event === "progress") line("progress", "… " + (payload.tool || "working") + " " + (payload.status || ""));
        else if (event === "message") { reply.textContent = payload.response || ""; sessionId = payload.session_id || sessionId; }
      }
    }
  }

  document.getElementById("chat").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = document.getElementById("message");
    const message = input.value.trim();
    if (!message) return;
    input.value = "";
    line("user", "> " + message);
    stream(message).catch((e) => line("progress", "error: " + e));
  });
})();
