//! Bounded valid output: what of a response fits the response cap, without ever producing
//! invalid JSON.
//!
//! The cap ([`ExecutorConfig::max_response_bytes`](crate::outbound::executor::ExecutorConfig::max_response_bytes))
//! bounds the selected headers and the body together:
//!
//! - each selected header is kept whole or left out (a cut ETag or `Link` is worse than none),
//!   in [`SELECTED_HEADERS`] order, and what is kept
//!   counts against the cap; the body gets what is left;
//! - a JSON array over its share is cut at an element boundary (the first items, verbatim, then
//!   `]`), and the items left out are counted by reading on without keeping (up to
//!   [`SCAN_FACTOR`] times the cap; past it the count is a lower bound);
//! - a JSON object whose list makes it too large (`{"items": [...], "next_cursor": "..."}`) is
//!   cut at an item of that list, its other members kept whole ([`envelope`]), when the whole
//!   object is read within the scan;
//! - any other JSON value over its share (an object, a long string) is not returned: its size is;
//! - text that is not JSON is cut on a UTF-8 boundary, as before;
//! - a binary body (not text, or not UTF-8) is never cut: it is returned whole or reported too
//!   large with its size.

use catalog_core::model::{is_json_media_type, media_base};
use envelope::EnvelopeCut;

pub mod envelope;

/// How far past the cap a JSON body is read (without being kept) to count the items left out
/// of a cut array, or to size an object too large: this many times the cap.
pub const SCAN_FACTOR: usize = 64;

/// The bytes one kept header costs: `name: value` and its newline, as the text result shows it.
pub fn header_cost(name: &str, value: &str) -> usize {
    name.len() + 2 + value.len() + 1
}

/// The selected headers as kept within the cap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptHeaders {
    /// The headers that fit, whole, in order.
    pub kept: Vec<(String, String)>,
    /// The ones left out, with what each would have cost.
    pub left_out: Vec<(String, usize)>,
    /// The bytes the kept ones use.
    pub used: usize,
}

/// The headers that fit `cap` bytes, each whole, in order, and the ones left out.
pub fn bound_headers(headers: Vec<(String, String)>, cap: usize) -> KeptHeaders {
    let mut out = KeptHeaders::default();
    for (name, value) in headers {
        let cost = header_cost(&name, &value);
        if out.used + cost <= cap {
            out.used += cost;
            out.kept.push((name, value));
        } else {
            out.left_out.push((name, cost));
        }
    }
    out
}

/// A response body as kept within its share of the cap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bounded {
    /// The whole body, within the cap.
    Whole(Vec<u8>),
    /// A JSON array cut at an element boundary: `json` is the first `kept` items, verbatim,
    /// closed with `]` (valid JSON whenever the body was).
    Items {
        /// The kept items as a JSON array.
        json: String,
        /// How many items it holds.
        kept: usize,
        /// How many were left out (at least this many when `counted` is false).
        left_out: usize,
        /// Whether the whole body was read, so that `left_out` is exact.
        counted: bool,
        /// Where the list is when the body is an object holding it: its member names from the
        /// root (`json` is then the whole object, with that list cut); `None` for an array.
        list: Option<Vec<String>>,
    },
    /// Text that is not JSON, cut on a UTF-8 boundary.
    Cut(String),
    /// Not returned: a JSON value that cannot be cut, or a binary body, over the cap.
    TooLarge {
        /// The body's size in bytes (at least this, when `measured` is false).
        bytes: usize,
        /// Whether the whole body was read, so that `bytes` is exact.
        measured: bool,
        /// What it is: `JSON object`, `JSON value`, or the media type.
        what: String,
    },
}

/// Whether a media type is text an agent can read as it is: `text/*`, JSON, XML, YAML, form
/// data, JavaScript, and the like. Anything else (images, PDFs, archives, octet streams) is
/// binary and is never decoded as UTF-8.
pub fn is_text_media_type(media_type: &str) -> bool {
    let base = media_base(media_type);
    let Some((top, sub)) = base.split_once('/') else {
        return false;
    };
    top == "text"
        || is_json_media_type(&base)
        || sub.ends_with("+xml")
        || sub.ends_with("+yaml")
        || matches!(
            sub,
            "xml"
                | "yaml"
                | "x-yaml"
                | "x-ndjson"
                | "jsonl"
                | "javascript"
                | "ecmascript"
                | "x-www-form-urlencoded"
                | "graphql"
                | "sql"
                | "csv"
        )
}

/// Reads a body within `budget` bytes: keeps what fits (and one byte more, to know it did not),
/// and for a body that may be JSON reads on without keeping to count a cut array's items or
/// size a value too large.
#[derive(Debug)]
pub struct BodyReader {
    budget: usize,
    scan_limit: usize,
    // A JSON body, or one without a media type: scanned.
    json: bool,
    media_type: Option<String>,
    length: Option<u64>,
    kept: Vec<u8>,
    total: usize,
    scan: ArrayScan,
    // Started once an object body is over the budget, from the bytes kept so far.
    envelope: Option<EnvelopeCut>,
}

impl BodyReader {
    /// A reader for a body of `media_type` (as the `Content-Type` header says, if it does) in
    /// `budget` bytes, reading on at most `scan_limit` bytes in all.
    pub fn new(budget: usize, scan_limit: usize, media_type: Option<&str>) -> BodyReader {
        BodyReader {
            budget,
            scan_limit: scan_limit.max(budget.saturating_add(1)),
            json: media_type.is_none_or(is_json_media_type),
            media_type: media_type.map(str::to_string),
            length: None,
            kept: Vec::new(),
            total: 0,
            scan: ArrayScan::new(budget),
            envelope: None,
        }
    }

    /// The body's length as the `Content-Length` header gives it: the size reported for a body
    /// too large that was not read to its end.
    pub fn with_length(mut self, length: Option<u64>) -> BodyReader {
        self.length = length;
        self
    }

    /// Takes the next chunk; `false` once nothing more needs reading.
    pub fn feed(&mut self, chunk: &[u8]) -> bool {
        let room = self
            .budget
            .saturating_add(1)
            .saturating_sub(self.kept.len());
        let taken = chunk.len().min(room);
        self.kept.extend_from_slice(&chunk[..taken]);
        if self.json {
            let limit = self.scan_limit.saturating_sub(self.total);
            let scanned = &chunk[..chunk.len().min(limit)];
            self.scan.feed(scanned);
            self.follow_envelope(scanned, taken);
        }
        self.total = self.total.saturating_add(chunk.len());
        if self.kept.len() <= self.budget {
            return true;
        }
        let json_start = self.scan.first.is_none_or(|b| {
            matches!(
                b,
                b'[' | b'{' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
            )
        });
        self.json && json_start && self.total < self.scan_limit && !self.scan.ended
    }

    // An object body over the budget is followed by an [`EnvelopeCut`] from then on: it starts
    // from what is kept (the body's first bytes, `taken` of them from this chunk) and goes on
    // with the rest of the chunk.
    fn follow_envelope(&mut self, scanned: &[u8], taken: usize) {
        if let Some(envelope) = &mut self.envelope {
            envelope.feed(scanned);
        } else if self.kept.len() > self.budget && self.scan.first == Some(b'{') {
            let mut envelope = EnvelopeCut::new(self.budget);
            envelope.feed(&self.kept);
            envelope.feed(scanned.get(taken..).unwrap_or_default());
            self.envelope = Some(envelope);
        }
    }

    /// What is kept of the body; `ended` says whether the body was read to its end.
    pub fn finish(mut self, ended: bool) -> Bounded {
        if self.kept.len() <= self.budget {
            return Bounded::Whole(self.kept);
        }
        let counted = (ended && self.total <= self.scan_limit) || self.scan.ended;
        if self.json
            && let Some(b) = self.json_bounded(counted)
        {
            return b;
        }
        let textual = self.media_type.as_deref().is_none_or(is_text_media_type);
        let prefix = utf8_prefix(&self.kept, self.budget);
        match std::str::from_utf8(prefix) {
            Ok(text) if textual => Bounded::Cut(text.to_string()),
            _ => Bounded::TooLarge {
                bytes: self
                    .length
                    .and_then(|l| usize::try_from(l).ok())
                    .filter(|_| !counted)
                    .unwrap_or(self.total),
                measured: counted || self.length.is_some(),
                what: self
                    .media_type
                    .as_deref()
                    .map_or("application/octet-stream".to_string(), |t| {
                        media_base(t).into_owned()
                    }),
            },
        }
    }

    fn json_bounded(&mut self, counted: bool) -> Option<Bounded> {
        let first = self.scan.first?;
        if let Some(cut) = self.envelope.take().and_then(EnvelopeCut::finish) {
            return Some(Bounded::Items {
                json: cut.json,
                kept: cut.kept,
                left_out: cut.left_out,
                counted: true,
                list: Some(cut.list),
            });
        }
        if first == b'[' {
            let Some((end, kept)) = self.scan.cut else {
                // Not even `[]` fits.
                return Some(Bounded::TooLarge {
                    bytes: self.total,
                    measured: counted,
                    what: "JSON array".into(),
                });
            };
            let mut json = std::str::from_utf8(&self.kept[..end]).ok()?.to_string();
            json.push(']');
            serde_json::from_str::<serde::de::IgnoredAny>(&json).ok()?;
            return Some(Bounded::Items {
                json,
                kept,
                left_out: self.scan.items.saturating_sub(kept),
                counted: self.scan.ended,
                list: None,
            });
        }
        // Anything else that looks like JSON is not cut: a cut object is not the object.
        let what = match first {
            b'{' => "JSON object",
            b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => "JSON value",
            _ => return None,
        };
        Some(Bounded::TooLarge {
            bytes: self.total,
            measured: counted,
            what: what.to_string(),
        })
    }
}

/// Follows a JSON text byte by byte, keeping no more than counters: whether its root is an
/// array, how many items the root array has started, where the last item that fits a budget
/// ends, and whether the root value has ended.
#[derive(Debug, Clone)]
struct ArrayScan {
    budget: usize,
    offset: usize,
    first: Option<u8>,
    depth: usize,
    in_string: bool,
    escaped: bool,
    // Inside the root array, expecting an item (after `[` or `,`).
    expecting: bool,
    items: usize,
    // The offset of the `,` or `]` ending the last item whose array, closed there, fits the
    // budget, and how many items precede it.
    cut: Option<(usize, usize)>,
    ended: bool,
}

impl ArrayScan {
    fn new(budget: usize) -> ArrayScan {
        ArrayScan {
            budget,
            offset: 0,
            first: None,
            depth: 0,
            in_string: false,
            escaped: false,
            expecting: false,
            items: 0,
            cut: None,
            ended: false,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let at = self.offset;
            self.offset += 1;
            if self.ended {
                return;
            }
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                }
                continue;
            }
            if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                continue;
            }
            if self.first.is_none() {
                self.first = Some(b);
            }
            let root_array = self.first == Some(b'[');
            if root_array && self.depth == 1 && self.expecting && b != b']' && b != b',' {
                self.items += 1;
                self.expecting = false;
            }
            match b {
                b'"' => self.in_string = true,
                b'[' | b'{' => {
                    self.depth += 1;
                    if self.depth == 1 && root_array {
                        self.expecting = true;
                        // `[]` fits any budget of 2 bytes.
                        self.fit(at + 1, 0);
                    }
                }
                b']' | b'}' => {
                    if self.depth == 1 && root_array {
                        self.fit(at, self.items);
                    }
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.ended = true;
                    }
                }
                b',' if self.depth == 1 && root_array => {
                    self.fit(at, self.items);
                    self.expecting = true;
                }
                _ if self.depth == 0 => {
                    // A scalar root: it ends with the text.
                }
                _ => {}
            }
        }
    }

    // The items before `end` are kept if `[`..`end` then `]` fits the budget.
    fn fit(&mut self, end: usize, items: usize) {
        if end < self.budget {
            self.cut = Some((end, items));
        }
    }
}

/// The response headers handed back to the agent, in this order, when present. Others are left
/// out: they are transport detail an agent cannot act on, and they cost context.
pub const SELECTED_HEADERS: &[&str] = &[
    "content-type",
    "etag",
    "last-modified",
    "location",
    "retry-after",
    "link",
];

/// The longest prefix of `bytes` of at most `max` bytes that does not split a UTF-8 sequence.
pub fn utf8_prefix(bytes: &[u8], max: usize) -> &[u8] {
    if bytes.len() <= max {
        return bytes;
    }
    let mut cut = max;
    // Step back over continuation bytes (10xxxxxx) to the start of the character the cut falls
    // in; a sequence is at most 4 bytes long, so this looks back at most 3.
    while cut > 0 && max - cut < 3 && (bytes[cut] & 0xC0) == 0x80 {
        cut -= 1;
    }
    if (bytes[cut] & 0xC0) == 0x80 {
        // Not UTF-8 around the cut anyway: cut where asked.
        cut = max;
    }
    &bytes[..cut]
}

#[cfg(test)]
mod tests;
