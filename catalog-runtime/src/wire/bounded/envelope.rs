//! A JSON object over the cap whose list sits inside it (`{"ok": true, "channels": [...],
//! "response_metadata": {"next_cursor": "..."}}`, `{"count": 9, "next": "...", "results":
//! [...]}`), cut at an item of that list: the object's other members kept whole, the cursor
//! among them, the list closed after the last item that fits, the items left out counted.
//!
//! The cut list is the outermost array reached through object members only (`channels`,
//! `data.items`) that is being written when the cap is reached; one list is cut, once. The
//! members after it have [`TAIL_SHARE`] of the cap; when what is kept does not fit the cap after
//! all (a long string member, a second long list, a body not read to its end), there is no cut
//! object and the body is reported too large, as before. A list inside an item of the cut list
//! (an array of arrays, of objects holding arrays) is never cut itself: the item is kept whole or
//! left out.
//!
//! [`EnvelopeCut`] follows the text byte by byte and keeps at most the cap; it is started only
//! once a body is over its cap, from the bytes kept so far.

/// The share of the cap left for the members after the cut list (their sizes are not known when
/// the list is cut): one eighth.
pub const TAIL_SHARE: usize = 8;

/// An object body cut at an item of the list inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutObject {
    /// The object, valid JSON, with the list holding its first `kept` items.
    pub json: String,
    /// Where the list is: its member names from the root (`["data", "items"]`).
    pub list: Vec<String>,
    /// Items kept.
    pub kept: usize,
    /// Items left out.
    pub left_out: usize,
}

#[derive(Debug)]
struct Frame {
    array: bool,
    // The member name this container is the value of, when its parent is an object.
    key: Option<String>,
    // Every container from the root down to this one is an object member (or the root).
    by_members: bool,
    // Arrays: items started, whether an item is expected next, and where the last complete item
    // ends in `out` with how many items precede that point.
    items: usize,
    expecting: bool,
    last_end: usize,
    last_items: usize,
}

/// Follows an object body, keeping it with one list cut so that the whole fits `budget` bytes.
#[derive(Debug)]
pub struct EnvelopeCut {
    budget: usize,
    out: Vec<u8>,
    stack: Vec<Frame>,
    in_string: bool,
    escaped: bool,
    // The text of the string being read, when it may be a member name (at an object's level).
    key: Option<Vec<u8>>,
    last_key: Option<String>,
    // The cut: the depth of the list being skipped (until it closes), its path, and the items
    // kept; `skipping` is true until the list's `]`.
    cut: Option<(usize, Vec<String>, usize)>,
    skipping: bool,
    left_items: usize,
    ended: bool,
    failed: bool,
}

impl EnvelopeCut {
    /// A cut of an object body into `budget` bytes.
    pub fn new(budget: usize) -> EnvelopeCut {
        EnvelopeCut {
            budget,
            out: Vec::new(),
            stack: Vec::new(),
            in_string: false,
            escaped: false,
            key: None,
            last_key: None,
            cut: None,
            skipping: false,
            left_items: 0,
            ended: false,
            failed: false,
        }
    }

    /// Takes the next bytes of the body.
    pub fn feed(&mut self, bytes: &[u8]) {
        let limit = self.budget - self.budget / TAIL_SHARE;
        for &b in bytes {
            if self.ended || self.failed {
                return;
            }
            self.step(b);
            if self.skipping {
                continue;
            }
            if self.cut.is_none() && self.out.len() > limit {
                self.cut_list();
            }
            if self.out.len() > self.budget {
                self.failed = true;
            }
        }
    }

    /// The cut object, when the body was an object that ended and what is kept of it fits.
    pub fn finish(self) -> Option<CutObject> {
        if self.failed || !self.ended || self.out.len() > self.budget {
            return None;
        }
        let (_, list, kept) = self.cut?;
        let json = String::from_utf8(self.out).ok()?;
        serde_json::from_str::<serde::de::IgnoredAny>(&json).ok()?;
        Some(CutObject {
            json,
            list,
            kept,
            left_out: self.left_items,
        })
    }

    fn keep(&mut self, b: u8) {
        if !self.skipping {
            self.out.push(b);
        }
    }

    fn step(&mut self, b: u8) {
        if self.in_string {
            self.keep(b);
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                if let Some(mut key) = self.key.take() {
                    key.push(b'"');
                    self.last_key = serde_json::from_slice(&key).ok();
                }
                return;
            }
            self.key_byte(b);
            return;
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            self.keep(b);
            return;
        }
        if self.stack.is_empty() && b != b'{' {
            // Not an object, or something after the root: no cut object.
            self.failed = true;
            return;
        }
        self.start_item(b);
        match b {
            b'"' => {
                self.in_string = true;
                // A string directly in an object, where a member name is expected.
                let at_member = self
                    .stack
                    .last()
                    .is_some_and(|f| !f.array && self.last_key.is_none());
                self.key = at_member.then(|| vec![b'"']);
                self.keep(b);
            }
            b'{' | b'[' => {
                self.keep(b);
                self.open(b == b'[');
            }
            b'}' | b']' => self.close(b),
            b',' => {
                if let Some(top) = self.stack.last_mut() {
                    if top.array {
                        top.expecting = true;
                        if !self.skipping {
                            top.last_end = self.out.len();
                            top.last_items = top.items;
                        }
                    } else {
                        self.last_key = None;
                    }
                }
                self.keep(b);
            }
            _ => self.keep(b),
        }
    }

    fn key_byte(&mut self, b: u8) {
        if let Some(key) = &mut self.key {
            key.push(b);
        }
    }

    // An array's next item starts with anything but `,` and `]`.
    fn start_item(&mut self, b: u8) {
        let depth = self.stack.len();
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        if top.array && top.expecting && b != b']' && b != b',' {
            top.items += 1;
            top.expecting = false;
            if self.skipping && self.cut.as_ref().is_some_and(|(d, ..)| *d == depth) {
                self.left_items += 1;
            }
        }
    }

    fn open(&mut self, array: bool) {
        let parent = self.stack.last();
        let key = parent.filter(|p| !p.array).and(self.last_key.take());
        let by_members = parent.is_none_or(|p| !p.array && p.by_members);
        self.last_key = None;
        self.stack.push(Frame {
            array,
            key,
            by_members,
            items: 0,
            expecting: array,
            last_end: self.out.len(),
            last_items: 0,
        });
    }

    fn close(&mut self, b: u8) {
        let depth = self.stack.len();
        if let Some(top) = self.stack.last_mut()
            && top.array
            && !self.skipping
        {
            top.last_end = self.out.len();
            top.last_items = top.items;
        }
        if self.skipping && self.cut.as_ref().is_some_and(|(d, ..)| *d == depth) {
            self.skipping = false;
        }
        self.keep(b);
        self.stack.pop();
        if self.stack.is_empty() {
            self.ended = true;
        }
    }

    // What is kept is over the list's share of the budget: cut the list being written at its
    // last complete item, when it is reached through members only; the rest of it is read
    // (its items counted) and not kept. Without such a list, nothing is cut here.
    fn cut_list(&mut self) {
        let Some(index) = self
            .stack
            .iter()
            .position(|f| f.array)
            .filter(|&i| i > 0 && self.stack[i].by_members)
        else {
            return;
        };
        let frame = &self.stack[index];
        let path = self.stack[1..=index]
            .iter()
            .filter_map(|f| f.key.clone())
            .collect();
        let (end, kept, items) = (frame.last_end, frame.last_items, frame.items);
        self.out.truncate(end);
        self.left_items = items - kept;
        self.cut = Some((index + 1, path, kept));
        self.skipping = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `{"a":[` and ten 12-digit items, then `,"nnn":1}`: with a budget of 80 the list's share is
    /// 70, and the fifth item ends at byte 70 exactly.
    fn body() -> String {
        let items: Vec<String> = (0..10)
            .map(|i| format!("{}", 100_000_000_000u64 + i))
            .collect();
        format!("{{\"a\":[{}],\"nnn\":1}}\n", items.join(","))
    }

    #[test]
    fn an_item_ending_at_the_lists_share_is_kept_and_the_whole_may_fill_the_budget() {
        let mut cut = EnvelopeCut::new(80);
        cut.feed(body().as_bytes());
        let cut = cut.finish().expect("cut");
        assert_eq!((cut.kept, cut.left_out), (5, 5));
        assert_eq!(cut.list, ["a"]);
        // Exactly the budget, and nothing read after the object's end is kept.
        assert_eq!(cut.json.len(), 80, "{}", cut.json);
        assert!(
            cut.json.ends_with("100000000004],\"nnn\":1}"),
            "{}",
            cut.json
        );
    }

    #[test]
    fn a_budget_one_byte_short_of_the_whole_gives_no_cut_object() {
        let mut cut = EnvelopeCut::new(79);
        cut.feed(body().as_bytes());
        // The list's share is 70 again (79 - 79 / 8), so the same five items are cut to, and the
        // whole is one byte over: no cut object.
        assert_eq!(cut.finish(), None);
    }
}
