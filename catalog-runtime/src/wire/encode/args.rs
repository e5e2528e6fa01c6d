//! The arguments as the encoder reads them: [`ArgValue`]s given by name, or the `#[tool]`
//! expansion's borrowed [`ArgRef`]s (any [`Encode`] value), found row by row ([`ArgCursor`]) and
//! lowered to text or a `Value` for the location writers (`Resolved`).

use super::error::{RequestError, RequestErrorKind};
use super::resolved::{Items, Resolved};
use super::scalar_text;
use catalog_core::model::{Accounted, Disposition, Param, Style};
use serde_json::Value;
use std::cell::Cell;

/// The value of one argument, as the request should carry it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ArgValue {
    /// Not given: the parameter is not sent.
    #[default]
    Absent,
    /// An explicit null: sent as the location's null form (see the `encode` module docs).
    Null,
    /// A value.
    Value(Value),
}

impl ArgValue {
    /// `None` is [`ArgValue::Absent`]; `Some(null)` is [`ArgValue::Null`].
    pub fn from_option(value: Option<Value>) -> ArgValue {
        value.map_or(ArgValue::Absent, ArgValue::from)
    }
}

impl From<Value> for ArgValue {
    /// `null` becomes [`ArgValue::Null`], anything else [`ArgValue::Value`].
    fn from(value: Value) -> ArgValue {
        match value {
            Value::Null => ArgValue::Null,
            v => ArgValue::Value(v),
        }
    }
}

/// A value the `#[tool]` expansion hands to the encoder by reference: serialized straight into
/// the request (scalars as text, JSON body fields as bytes), with no `serde_json::Value` in
/// between. Implemented for every `Serialize` type. Not a public API.
#[doc(hidden)]
pub trait Encode {
    /// Writes the value as JSON.
    fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()>;
    /// Appends the text of a scalar (string, integer, finite `f64`, boolean, unit enum variant)
    /// and returns true; returns false (having appended nothing) for anything else.
    fn write_scalar(&self, out: &mut String) -> bool;
    /// Appends the texts of a sequence of scalars one after another, pushing where each ends
    /// onto `ends`, and returns true; returns false (having appended nothing) otherwise.
    fn write_scalar_items(&self, out: &mut String, ends: &mut Vec<usize>) -> bool;
    /// Appends a sequence of scalars as query pairs, `key=` (already encoded, `&` before it
    /// unless it is the first pair) and the element percent-encoded, and returns true; returns
    /// false (having appended nothing) otherwise. `scratch` is overwritten.
    fn write_query_pairs(&self, out: &mut String, key: &str, scratch: &mut String) -> bool;
    /// The value as a `serde_json::Value`, for the shapes the writers above decline.
    fn to_json_value(&self) -> serde_json::Result<Value>;
}

impl<T: serde::Serialize + ?Sized> Encode for T {
    fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        // Strings with nothing to escape, integers, booleans and nulls are written directly;
        // anything else (and a string to escape) is left to `serde_json`, which writes the same
        // bytes for them.
        let len = out.len();
        if self.serialize(scalar_text::JsonScalar(out)).is_ok() {
            return Ok(());
        }
        out.truncate(len);
        serde_json::to_writer(out, self)
    }

    fn write_scalar(&self, out: &mut String) -> bool {
        let len = out.len();
        let ok = self.serialize(scalar_text::ScalarText(out)).is_ok();
        if !ok {
            out.truncate(len);
        }
        ok
    }

    fn write_scalar_items(&self, out: &mut String, ends: &mut Vec<usize>) -> bool {
        let (len, n) = (out.len(), ends.len());
        let ok = self
            .serialize(scalar_text::SeqText {
                out: &mut *out,
                ends: &mut *ends,
            })
            .is_ok();
        if !ok {
            out.truncate(len);
            ends.truncate(n);
        }
        ok
    }

    fn write_query_pairs(&self, out: &mut String, key: &str, scratch: &mut String) -> bool {
        let len = out.len();
        let ok = self
            .serialize(scalar_text::QueryPairs {
                out: &mut *out,
                key,
                scratch,
            })
            .is_ok();
        if !ok {
            out.truncate(len);
        }
        ok
    }

    fn to_json_value(&self) -> serde_json::Result<Value> {
        serde_json::to_value(self)
    }
}

/// One argument as the `#[tool]` expansion passes it: borrowed from the tool's fields. Not a
/// public API; [`build_request`](super::build_request) with [`ArgValue`]s is.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum ArgRef<'a> {
    /// Not given: not sent.
    Absent,
    /// An explicit null.
    Null,
    /// A field's value.
    Typed(&'a dyn Encode),
}

/// A row's value once arguments and Fixed values are found.
#[derive(Clone, Copy)]
pub(super) enum Source<'a> {
    Absent,
    Null,
    Value(&'a Value),
    Typed(&'a dyn Encode),
}

/// A body field as the body encoders take it: its parameter, value and wire form of null.
pub(super) type BodyField<'a> = (&'a Param, Source<'a>, Option<&'a str>);

/// Lowers a source for the location encoders; `text` and `owned` hold what a typed value becomes.
pub(super) fn lower<'b>(
    source: Source<'b>,
    text: &'b mut String,
    ends: &'b mut Vec<usize>,
    owned: &'b mut Value,
    param: &Param,
) -> Result<Resolved<'b>, RequestError> {
    if param.style == Style::Json {
        return json_text(source, text, param);
    }
    Ok(match source {
        Source::Absent => Resolved::Absent,
        Source::Null => Resolved::Null,
        Source::Value(v) => Resolved::Value(v),
        Source::Typed(t) => {
            text.clear();
            ends.clear();
            if t.write_scalar(text) {
                Resolved::Text(text)
            } else if t.write_scalar_items(text, ends) {
                Resolved::Items(Items { text, ends })
            } else {
                *owned = t.to_json_value().map_err(|e| {
                    RequestError::new(RequestErrorKind::Serialize, Some(param), e.to_string())
                })?;
                match owned {
                    Value::Null => Resolved::Null,
                    v => Resolved::Value(v),
                }
            }
        }
    })
}

/// A value of a [`Style::Json`] parameter as its JSON text, one scalar the location's encoder
/// writes as it writes any text (percent-encoded in a query or path, a form field's value, a
/// header's text); null is the text `null`, which is JSON's.
fn json_text<'b>(
    source: Source<'b>,
    text: &'b mut String,
    param: &Param,
) -> Result<Resolved<'b>, RequestError> {
    let serialize = |e: serde_json::Error| {
        RequestError::new(RequestErrorKind::Serialize, Some(param), e.to_string())
    };
    text.clear();
    match source {
        Source::Absent => return Ok(Resolved::Absent),
        Source::Null => text.push_str("null"),
        Source::Value(v) => *text = serde_json::to_string(v).map_err(serialize)?,
        Source::Typed(t) => {
            let v = t.to_json_value().map_err(serialize)?;
            *text = serde_json::to_string(&v).map_err(serialize)?;
        }
    }
    Ok(Resolved::Text(text))
}

/// An argument source [`ArgCursor`] reads: owned [`ArgValue`]s or borrowed [`ArgRef`]s.
pub(super) trait AsSource {
    fn source(&self) -> Source<'_>;
}

impl AsSource for ArgValue {
    fn source(&self) -> Source<'_> {
        match self {
            ArgValue::Absent => Source::Absent,
            ArgValue::Null | ArgValue::Value(Value::Null) => Source::Null,
            ArgValue::Value(v) => Source::Value(v),
        }
    }
}

impl AsSource for ArgRef<'_> {
    fn source(&self) -> Source<'_> {
        match *self {
            ArgRef::Absent => Source::Absent,
            ArgRef::Null => Source::Null,
            ArgRef::Typed(t) => Source::Typed(t),
        }
    }
}

/// Finds argument values by name. Arguments usually come in accounting order, so the search
/// starts where the last one was found: a whole request costs one pass, not a pass per row.
pub(super) struct ArgCursor<'a, 'n, A> {
    pub(super) args: &'a [(&'n str, A)],
    next: usize,
    /// How many arguments were found (each is found once unless one is unknown or repeated).
    pub(super) found: usize,
}

impl<'a, 'n, A: AsSource> ArgCursor<'a, 'n, A> {
    pub(super) fn new(args: &'a [(&'n str, A)]) -> Self {
        ArgCursor {
            args,
            next: 0,
            found: 0,
        }
    }

    pub(super) fn get(&mut self, name: &str) -> Source<'a> {
        let n = self.args.len();
        // Indices `next, next + 1, ..., n - 1, 0, ..., next - 1`, without a division per step.
        let mut i = self.next;
        let mut hit = None;
        for _ in 0..n {
            if i >= n {
                i = 0;
            }
            if self.args[i].0 == name {
                hit = Some(i);
                break;
            }
            i += 1;
        }
        let Some(i) = hit else {
            return Source::Absent;
        };
        self.next = i + 1;
        self.found += 1;
        self.args[i].1.source()
    }

    pub(super) fn resolve(&mut self, row: &'a Accounted) -> Source<'a> {
        let fixed = |v: &'a Value| match v {
            Value::Null => Source::Null,
            v => Source::Value(v),
        };
        match &row.disposition {
            Disposition::Set { argument, .. } => self.get(argument),
            Disposition::Undocumented {
                argument: Some(a), ..
            } => self.get(a),
            Disposition::Undocumented { value: Some(v), .. } => fixed(v),
            Disposition::Fixed { value, .. } => fixed(value),
            // A credential is the executor's to add.
            Disposition::Omitted { .. }
            | Disposition::Undocumented { .. }
            | Disposition::Credential { .. } => Source::Absent,
        }
    }
}

/// What a typed argument is lowered to (scalar text, or a `Value` for other shapes). The
/// buffers are the thread's, kept between calls ([`Typed::take`], [`Typed::give_back`]), so
/// typed scalars cost no allocation.
#[derive(Default)]
pub(super) struct Typed {
    text: String,
    ends: Vec<usize>,
    value: Value,
}

impl Typed {
    pub(super) fn take() -> Typed {
        let Buffers { text, ends } = BUFFERS.with(Cell::take);
        Typed {
            text,
            ends,
            value: Value::Null,
        }
    }

    pub(super) fn give_back(mut self) {
        self.text.clear();
        self.ends.clear();
        BUFFERS.with(|b| {
            b.set(Buffers {
                text: self.text,
                ends: self.ends,
            })
        });
    }

    pub(super) fn lower<'b>(
        &'b mut self,
        source: Source<'b>,
        param: &Param,
    ) -> Result<Resolved<'b>, RequestError> {
        lower(
            source,
            &mut self.text,
            &mut self.ends,
            &mut self.value,
            param,
        )
    }
}

/// The thread's buffers [`Typed`] takes and gives back.
#[derive(Default)]
pub(super) struct Buffers {
    text: String,
    ends: Vec<usize>,
}

thread_local! {
    static BUFFERS: Cell<Buffers> = const {
        Cell::new(Buffers {
            text: String::new(),
            ends: Vec::new(),
        })
    };
}

#[cfg(test)]
mod json_scalar_tests {
    use super::Encode;
    use proptest::prelude::*;
    use serde::Serialize;

    /// What `write_json` appends after some bytes already written, against `serde_json`.
    fn same<T: Serialize>(v: &T) -> Result<(), TestCaseError> {
        let mut out = b"{\"k\":".to_vec();
        prop_assert!(v.write_json(&mut out).is_ok());
        let mut expected = b"{\"k\":".to_vec();
        prop_assert!(serde_json::to_writer(&mut expected, v).is_ok());
        prop_assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&expected)
        );
        Ok(())
    }

    #[derive(Serialize)]
    enum Kind {
        Plain,
        #[serde(rename = "quo\"ted")]
        Quoted,
    }

    #[derive(Serialize)]
    struct Id(u32);

    #[test]
    fn scalars_are_written_as_serde_json_writes_them() -> Result<(), TestCaseError> {
        // Each byte `serde_json` escapes, at each place in and around an eight-byte word.
        for special in ['"', '\\', '\u{0}', '\n', '\u{1f}'] {
            for at in 0..18 {
                let mut s: String = "abcdefghijklmnopq".chars().take(at).collect();
                s.push(special);
                s.push_str("xyz");
                same(&s)?;
            }
        }
        for s in [
            "",
            "a",
            "12345678",
            "123456789",
            "é日本\u{7f} ~!",
            "\u{20}\u{7f}\u{80}",
        ] {
            same(&s)?;
        }
        same(&i64::MIN)?;
        same(&u64::MAX)?;
        same(&-7_i8)?;
        same(&true)?;
        same(&Option::<String>::None)?;
        same(&Some("x"))?;
        same(&())?;
        same(&Kind::Plain)?;
        same(&Kind::Quoted)?;
        same(&Id(7))?;
        same(&'q')?;
        same(&0.25_f64)?;
        same(&f64::NAN)?;
        same(&vec!["a", "b"])?;
        same(&serde_json::json!({"a": [1, "b\n"], "c": null}))
    }

    proptest! {
        #[test]
        fn any_string_is_written_as_serde_json_writes_it(s in any::<String>(), b in prop::collection::vec(0_u8..0x80, 0..40)) {
            same(&s)?;
            same(&String::from_utf8_lossy(&b).into_owned())?;
        }

        #[test]
        fn any_integer_is_written_as_serde_json_writes_it(i in any::<i64>(), u in any::<u64>(), w in any::<i128>()) {
            same(&i)?;
            same(&u)?;
            same(&w)?;
        }
    }
}
