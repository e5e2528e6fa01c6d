//! JSON pointers built lazily, rendered only for the nodes that have a problem, and the
//! escaping of one segment ([`escape`]).

// A JSON pointer built lazily: real specs have millions of schema nodes and only the few with
// problems need their pointer as a string.
#[derive(Clone, Copy)]
pub(super) struct Ptr<'p> {
    parent: Option<&'p Ptr<'p>>,
    seg: Seg<'p>,
}

#[derive(Clone, Copy)]
enum Seg<'p> {
    Root(&'p str),
    Key(&'p str),
    Index(usize),
}

impl<'p> Ptr<'p> {
    pub(super) fn root(base: &'p str) -> Ptr<'p> {
        Ptr {
            parent: None,
            seg: Seg::Root(base),
        }
    }
    pub(super) fn key(&'p self, key: &'p str) -> Ptr<'p> {
        Ptr {
            parent: Some(self),
            seg: Seg::Key(key),
        }
    }
    pub(super) fn index(&'p self, i: usize) -> Ptr<'p> {
        Ptr {
            parent: Some(self),
            seg: Seg::Index(i),
        }
    }
    pub(super) fn render(&self) -> String {
        let mut segs = Vec::new();
        let mut cur = Some(self);
        while let Some(p) = cur {
            segs.push(p.seg);
            cur = p.parent;
        }
        let mut s = String::new();
        for seg in segs.into_iter().rev() {
            match seg {
                Seg::Root(r) => s.push_str(r),
                Seg::Key(k) => {
                    s.push('/');
                    s.push_str(&escape(k));
                }
                Seg::Index(i) => {
                    s.push('/');
                    s.push_str(&i.to_string());
                }
            }
        }
        s
    }
}

/// Escapes one JSON-pointer segment (`~` as `~0`, `/` as `~1`).
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}
