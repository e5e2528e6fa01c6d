//! A serde `Serializer` that writes a scalar's text (what `serde_json::Value`'s scalars render
//! as) and declines every other shape, so that typed path, query, header and cookie values are
//! encoded without building a `Value` first; and one that writes a scalar JSON body field as
//! `serde_json` writes it, for the common values it can write faster.

use serde::ser::{self, Impossible, Serialize};
use std::fmt::{self, Write as _};

/// Writes scalar text into the string; the caller truncates on error.
pub(crate) struct ScalarText<'a>(pub(crate) &'a mut String);

/// The value is not a scalar (or is one whose text `serde_json` renders differently).
#[derive(Debug)]
pub(crate) struct NotScalar;

impl fmt::Display for NotScalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a scalar")
    }
}

impl std::error::Error for NotScalar {}

impl ser::Error for NotScalar {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotScalar
    }
}

type Result = std::result::Result<(), NotScalar>;

/// `serialize_*` methods that decline their shape.
macro_rules! decline {
    ($($method:ident($($arg:ty),*);)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result {
            Err(NotScalar)
        })*
    };
}

/// `serialize_*` methods that write an integer's text.
macro_rules! integers {
    ($($method:ident($ty:ty);)*) => {
        $(fn $method(self, v: $ty) -> Result {
            self.int(v)
        })*
    };
}

/// The compound-shape methods every serializer here declines (all but sequences).
macro_rules! decline_compounds {
    () => {
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result {
            Err(NotScalar)
        }
        fn serialize_tuple(self, _: usize) -> std::result::Result<Self::SerializeTuple, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> std::result::Result<Self::SerializeTupleStruct, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> std::result::Result<Self::SerializeTupleVariant, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_map(
            self,
            _: Option<usize>,
        ) -> std::result::Result<Self::SerializeMap, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> std::result::Result<Self::SerializeStruct, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> std::result::Result<Self::SerializeStructVariant, NotScalar> {
            Err(NotScalar)
        }
    };
}

impl ScalarText<'_> {
    fn int(self, v: impl itoa::Integer) -> Result {
        self.0.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }
}

impl ser::Serializer for ScalarText<'_> {
    type Ok = ();
    type Error = NotScalar;
    type SerializeSeq = Impossible<(), NotScalar>;
    type SerializeTuple = Impossible<(), NotScalar>;
    type SerializeTupleStruct = Impossible<(), NotScalar>;
    type SerializeTupleVariant = Impossible<(), NotScalar>;
    type SerializeMap = Impossible<(), NotScalar>;
    type SerializeStruct = Impossible<(), NotScalar>;
    type SerializeStructVariant = Impossible<(), NotScalar>;

    fn serialize_bool(self, v: bool) -> Result {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    integers! {
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
    }
    // Wide integers and `f32` take the `Value` route, which renders them as serde_json does.
    decline! {
        serialize_i128(i128);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
    }
    fn serialize_f64(self, v: f64) -> Result {
        // Non-finite numbers become `null` in a `Value`; let that route handle them.
        let n = serde_json::Number::from_f64(v).ok_or(NotScalar)?;
        write!(self.0, "{n}").map_err(|_| NotScalar)
    }
    fn serialize_char(self, v: char) -> Result {
        self.0.push(v);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        self.0.push_str(v);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.0.push_str(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self::SerializeSeq, NotScalar> {
        Err(NotScalar)
    }
    decline_compounds!();
}

/// Writes the texts of a sequence of scalars one after another, recording where each ends;
/// declines anything else (including a sequence with a non-scalar element).
pub(crate) struct SeqText<'a> {
    pub(crate) out: &'a mut String,
    pub(crate) ends: &'a mut Vec<usize>,
}

impl<'a> ser::SerializeSeq for SeqText<'a> {
    type Ok = ();
    type Error = NotScalar;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result {
        v.serialize(ScalarText(self.out))?;
        self.ends.push(self.out.len());
        Ok(())
    }

    fn end(self) -> Result {
        Ok(())
    }
}

impl<'a> ser::Serializer for SeqText<'a> {
    type Ok = ();
    type Error = NotScalar;
    type SerializeSeq = Self;
    type SerializeTuple = Impossible<(), NotScalar>;
    type SerializeTupleStruct = Impossible<(), NotScalar>;
    type SerializeTupleVariant = Impossible<(), NotScalar>;
    type SerializeMap = Impossible<(), NotScalar>;
    type SerializeStruct = Impossible<(), NotScalar>;
    type SerializeStructVariant = Impossible<(), NotScalar>;

    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self, NotScalar> {
        Ok(self)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }

    decline! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }
    decline_compounds!();
}

/// Writes each element of a sequence of scalars as a query pair straight into the URI: `key=`
/// (`&` first unless it is the first pair) and the element's text percent-encoded; declines
/// anything else (including a sequence with a non-scalar element).
pub(crate) struct QueryPairs<'a> {
    pub(crate) out: &'a mut String,
    /// Already encoded.
    pub(crate) key: &'a str,
    pub(crate) scratch: &'a mut String,
}

impl ser::SerializeSeq for QueryPairs<'_> {
    type Ok = ();
    type Error = NotScalar;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result {
        super::query::push_pair(self.out, self.key, true);
        let start = self.out.len();
        v.serialize(ScalarText(self.out))?;
        super::text::enc_in_place(self.out, start, self.scratch);
        Ok(())
    }

    fn end(self) -> Result {
        Ok(())
    }
}

impl ser::Serializer for QueryPairs<'_> {
    type Ok = ();
    type Error = NotScalar;
    type SerializeSeq = Self;
    type SerializeTuple = Impossible<(), NotScalar>;
    type SerializeTupleStruct = Impossible<(), NotScalar>;
    type SerializeTupleVariant = Impossible<(), NotScalar>;
    type SerializeMap = Impossible<(), NotScalar>;
    type SerializeStruct = Impossible<(), NotScalar>;
    type SerializeStructVariant = Impossible<(), NotScalar>;

    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self, NotScalar> {
        Ok(self)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }

    decline! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_i128(i128);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }
    decline_compounds!();
}

/// Writes a scalar as JSON, exactly as `serde_json` would: a string with nothing to escape,
/// an integer up to 64 bits, a boolean or a null. Declines everything else, a string to escape
/// included, for `serde_json` to write (the caller truncates on error).
pub(crate) struct JsonScalar<'a>(pub(crate) &'a mut Vec<u8>);

impl JsonScalar<'_> {
    fn int(self, v: impl itoa::Integer) -> Result {
        self.0
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }

    fn str(self, v: &str) -> Result {
        if needs_json_escape(v.as_bytes()) {
            return Err(NotScalar);
        }
        self.0.reserve(v.len() + 2);
        self.0.push(b'"');
        self.0.extend_from_slice(v.as_bytes());
        self.0.push(b'"');
        Ok(())
    }

    fn null(self) -> Result {
        self.0.extend_from_slice(b"null");
        Ok(())
    }
}

/// Whether `serde_json` escapes any byte of a string: a control character below `0x20`, a
/// quote or a backslash. Eight bytes at a time: for `n` up to `0x80`, `(x - n * 0x01..) & !x &
/// 0x80..` is non-zero exactly when some byte of `x` is below `n` (a borrow may mark another
/// byte too, but only past a byte that is), and a byte equal to `c` is one below 1 in `x ^ c`.
fn needs_json_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    let special = |word: &[u8; 8]| {
        let x = u64::from_ne_bytes(*word);
        let quote = x ^ (ONES * u64::from(b'"'));
        let backslash = x ^ (ONES * u64::from(b'\\'));
        below(x, 0x20) | below(quote, 1) | below(backslash, 1) != 0
    };
    let (words, _) = bytes.as_chunks::<8>();
    match bytes.last_chunk::<8>() {
        // The last eight bytes cover the ones past the last whole word.
        Some(last) => words.iter().any(special) || special(last),
        None => bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\'),
    }
}

impl ser::Serializer for JsonScalar<'_> {
    type Ok = ();
    type Error = NotScalar;
    type SerializeSeq = Impossible<(), NotScalar>;
    type SerializeTuple = Impossible<(), NotScalar>;
    type SerializeTupleStruct = Impossible<(), NotScalar>;
    type SerializeTupleVariant = Impossible<(), NotScalar>;
    type SerializeMap = Impossible<(), NotScalar>;
    type SerializeStruct = Impossible<(), NotScalar>;
    type SerializeStructVariant = Impossible<(), NotScalar>;

    fn serialize_bool(self, v: bool) -> Result {
        // Each of a known length, which the copy is then written for.
        match v {
            true => self.0.extend_from_slice(b"true"),
            false => self.0.extend_from_slice(b"false"),
        }
        Ok(())
    }
    integers! {
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
    }
    // Floats, wide integers, chars and bytes are `serde_json`'s to write.
    decline! {
        serialize_i128(i128);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_bytes(&[u8]);
    }
    fn serialize_str(self, v: &str) -> Result {
        self.str(v)
    }
    fn serialize_none(self) -> Result {
        self.null()
    }
    fn serialize_unit(self) -> Result {
        self.null()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        self.null()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self::SerializeSeq, NotScalar> {
        Err(NotScalar)
    }
    decline_compounds!();
}
