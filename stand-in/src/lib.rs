//! The Orrery stand-in: a dev/test HTTP server that speaks the Orrery API shapes of DESIGN.md,
//! so the learning sandbox stack runs and is tested without Orrery. It is not the product and it
//! guards nothing; it plays the upstream the Envoy filter sits in front of.
//!
//! It owns: the routes and their JSON shapes ([`server`]), the in-memory sessions and the request
//! log ([`store`]), what one chat turn produces on every surface ([`turn`]), the scripted
//! scenario format ([`script`]), SSE framing ([`sse`]), demo tokens and the demo JWKS
//! ([`token`]), frame-by-frame bodies for trailers and resets ([`fault`]), plus two small
//! helpers ([`gzip`], [`clock`]). Apart from the server, it owns the Envoy config template
//! renderer ([`render`], the `render-envoy` subcommand) that every tool and test stack uses.
//!
//! # Modes
//!
//! **Scripted** (`serve --script examples/kafka-lag/script.json`): a message is matched to a
//! scripted reply by keyword (see [`script`]); unmatched messages get the script's fallback.
//! Without `--script` every unmatched message gets a fixed generic reply.
//!
//! **Model** (`serve --model-url http://HOST:PORT/v1 --model-evidence FILE`): every chat turn
//! is answered by an OpenAI-compatible model server (see [`model`]); no script, no prefixes.
//!
//! **Echo and the test-tool prefixes** — a contract the end-to-end tests rely on. A chat message
//! that starts with one of these prefixes bypasses the script:
//!
//! | message | effect |
//! |---|---|
//! | `echo: TEXT` | the reply is exactly `TEXT`: `/chat` `response`; `/chat/stream` sends it as several `delta` frames (a digit run is cut across two), then one `message` frame `{"session_id","response":TEXT}`, then `end`. The session's `/triage` report (`triage_report` and `report`), the `details` of every `/activity` entry it adds, the `args` of `/confirmations/pending` (`{"text": TEXT}`) hold `TEXT`, and its transcript holds `TEXT` as an assistant message. |
//! | `slow echo: TEXT` | as `echo:`, but `/chat/stream` sends a `progress` frame first and spaces every frame 300 ms apart. |
//! | `big: N` | the reply is exactly `N` bytes of benign ops prose with no digits; streamed in ~1 KiB deltas. |
//! | `gzip: TEXT` | as `echo:`, but the `/chat` body is gzip-compressed JSON with `content-encoding: gzip`. |
//! | `raw: TEXT` | as `echo:`, but `/chat` answers `content-type: application/json` with the body exactly `TEXT` (not JSON). |
//! | `sse-crlf: TEXT` | as `echo:`, but `/chat/stream` ends every line with CRLF. |
//! | `sse-split: TEXT` | as `echo:`, but every SSE frame is sent in several chunks 5 ms apart, cut inside the `event:` line and inside the data JSON. |
//! | `sse-split-crlf: TEXT` | as `sse-split:` with CRLF line ends, also cut between the `\r` and `\n`. |
//! | `sse-extra: TEXT` | as `echo:`, but before the `message` frame the stream also sends a `progress` frame `{"tool","status","detail":TEXT}` and an unknown `event: thought` frame `{"text":TEXT}` (for the "progress scrubbed" and "unknown events scrubbed" tests). |
//!
//! Frames are written in separate chunks, 20 ms apart (300 ms for `slow echo:`). `delta` data is
//! `{"text": piece}`, `progress` data is `{"tool", "status"}`, `end` data is `{"session_id"}`.
//!
//! # Test hooks
//!
//! `GET /_standin/requests` (call it on the stand-in's own port; through Envoy it is just an
//! unknown route) returns the last 200 requests as
//! `{"requests": [{"seq","method","path","authorization","headers":{name: value}}]}` where
//! `authorization` says whether the header was present and `headers` holds every other header
//! as received — the `x-orrery-learning-*` the filter stamped, `x-orrery-jwt-payload`,
//! `accept-encoding`, … — except `cookie` (names lower-case, repeated headers joined with `", "`); `/_standin/*` requests are not logged; `DELETE /_standin/requests` clears it.
//! **Faults and trailers** (request headers, so one stand-in serves both kinds of test):
//! `x-standin-fault: reset` on any route cuts the response mid-body (headers, half of the first
//! body chunk, then the connection is closed (HTTP/1.1) or the stream reset (HTTP/2));
//! `serve --reset-every N` does the same to every Nth model turn (`POST /chat`, `/chat/stream`).
//! `x-standin-reply-header: 1` on `/chat` sends the reply as the response header
//! `x-orrery-reply` too (a header carrying an answer).
//! `x-standin-trailers: 1` on `/chat` (plain JSON replies) and `/chat/stream` ends the body with
//! the trailers `x-orrery-trailer: complete` and `x-orrery-reply: REPLY` (the turn's reply text,
//! control characters as spaces). Trailers only travel over HTTP/2: the stand-in speaks h2c
//! (prior knowledge) as well as HTTP/1.1 on its one port, so an Envoy cluster with
//! `http2_protocol_options` reaches it as an HTTP/2 upstream.
//! `GET /unlisted/echo?text=TEXT` → `{"text": TEXT}`: a route outside Orrery's API, for the
//! "unknown routes are scrubbed" tests.
//! `GET /console?say=TEXT` (also `/?say=TEXT`) → the console page stating `TEXT` (HTML-escaped)
//! in `<p id="say">` at the top of its body, for the "console pages are guarded" tests.
//! `GET /` is the Vite-shaped console ([`vite`]: `index.html` loading hashed `/assets/`
//! bundles); `?say=TEXT` on an asset makes the bundle, stylesheet or source map state `TEXT`.
//!
//! # Other behaviour worth knowing
//!
//! The caller is the `sub` of the bearer token's payload, read without verification (`anonymous`
//! if unreadable); `/sessions` and `/confirmations/pending` (the caller's most recently updated
//! session) follow it, `/session/{id}*` do not check ownership. A `session_id` the stand-in does
//! not know is created. New session ids are `session-` plus letters only, so no id can look like
//! a target's number. Memory stays bounded: 400 messages and activity entries per session,
//! 10 000 sessions, `big:` at most 64 MiB. Logs carry method, path and status only.
#![forbid(unsafe_code)]

pub mod clock;
pub mod fault;
pub mod gzip;
pub mod model;
pub mod render;
pub mod script;
pub mod server;
pub mod sse;
pub mod store;
pub mod token;
pub mod turn;
pub mod vite;
