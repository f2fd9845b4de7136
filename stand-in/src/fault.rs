//! Response bodies built frame by frame, for the test hooks that plain bodies cannot express:
//! response **trailers** (sent after the body; over HTTP/2 a trailing HEADERS frame) and a
//! **reset mid-body** (some of the body, then an error: hyper closes an HTTP/1.1 connection or
//! resets an HTTP/2 stream, so Envoy sees the upstream go away after the headers).
//!
//! [`FrameBody`] is fed from a channel by a task, so each frame leaves as its own write.
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use http_body::Frame;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::mpsc;

/// How long the first half of a reset body waits before the error, so that it is written (and
/// read by the peer) before the connection or stream goes away.
const RESET_DELAY: Duration = Duration::from_millis(20);

/// The error a reset body ends with (its text is all hyper logs of it).
#[derive(Debug)]
pub struct InjectedReset;

impl std::fmt::Display for InjectedReset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stand-in fault: stream reset mid-body")
    }
}

impl std::error::Error for InjectedReset {}

/// One item of a [`FrameBody`]: a data or trailers frame, or the injected reset.
pub type Item = Result<Frame<Bytes>, InjectedReset>;

/// A body whose frames come from a channel; it ends when the sender is dropped.
pub struct FrameBody(pub mpsc::Receiver<Item>);

impl http_body::Body for FrameBody {
    type Data = Bytes;
    type Error = InjectedReset;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Item>> {
        self.0.poll_recv(cx)
    }
}

/// A channel and the body it feeds.
pub fn channel(capacity: usize) -> (mpsc::Sender<Item>, Body) {
    let (tx, rx) = mpsc::channel(capacity);
    (tx, Body::new(FrameBody(rx)))
}

/// The trailers `x-standin-trailers` asks for: `x-orrery-trailer: complete` (a value-free,
/// grpc-status-like trailer) and `x-orrery-reply: REPLY` (the turn's reply, as a header value:
/// what a trailer carrying an answer looks like). A reply that cannot be a header value (control
/// characters) is sent with those characters as spaces.
pub fn reply_trailers(reply: &str) -> HeaderMap {
    let mut map = HeaderMap::new();
    map.insert(
        HeaderName::from_static("x-orrery-trailer"),
        HeaderValue::from_static("complete"),
    );
    let clean: String = reply
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if let Ok(v) = HeaderValue::from_str(clean.trim()) {
        map.insert(HeaderName::from_static("x-orrery-reply"), v);
    }
    map
}

/// A body that sends `data` and then `trailers`.
pub fn with_trailers(data: Bytes, trailers: HeaderMap) -> Body {
    let (tx, body) = channel(2);
    tokio::spawn(async move {
        if tx.send(Ok(Frame::data(data))).await.is_ok() {
            let _ = tx.send(Ok(Frame::trailers(trailers))).await;
        }
    });
    body
}

/// `body`, cut mid-way: the first half of its first data chunk (at least one byte when it has
/// any), then the injected reset. Nothing after the cut is sent.
pub fn reset_mid_body(body: Body) -> Body {
    let (tx, out) = channel(2);
    tokio::spawn(async move {
        let mut inner = body;
        // The first data frame; trailers or an end before any data still end in the reset.
        let first = loop {
            match std::future::poll_fn(|cx| http_body::Body::poll_frame(Pin::new(&mut inner), cx))
                .await
            {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(d) if !d.is_empty() => break Some(d),
                    _ => continue,
                },
                _ => break None,
            }
        };
        if let Some(d) = first {
            let cut = d.len().div_ceil(2);
            if tx.send(Ok(Frame::data(d.slice(..cut)))).await.is_err() {
                return;
            }
            tokio::time::sleep(RESET_DELAY).await;
        }
        let _ = tx.send(Err(InjectedReset)).await;
    });
    out
}
