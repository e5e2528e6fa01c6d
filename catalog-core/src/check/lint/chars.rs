//! Characters a reader does not see and a model reads: Unicode tags (which spell ASCII text
//! invisibly), zero-width characters, and the bidirectional overrides and isolates that make
//! text show other than it reads.

/// Whether `c` is one the lint flags.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{E0000}'..='\u{E007F}'   // tags
        | '\u{200B}'..='\u{200D}'   // zero-width space, non-joiner, joiner
        | '\u{2060}'                // word joiner
        | '\u{FEFF}'                // zero-width no-break space (a BOM inside text)
        | '\u{202A}'..='\u{202E}'   // bidi embeddings and overrides
        | '\u{2066}'..='\u{2069}'   // bidi isolates
    )
}

/// The first run of flagged characters, with a little text either side.
pub fn invisible(text: &str) -> Option<String> {
    let (start, _) = text.char_indices().find(|(_, c)| is_invisible(*c))?;
    let end = text[start..]
        .char_indices()
        .find(|(_, c)| !is_invisible(*c))
        .map_or(text.len(), |(at, _)| start + at);
    Some(around(text, start, end, 20, 20))
}

/// `text` with each flagged character written as `U+XXXX`, so that a message shows it.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out.push_str(&format!("U+{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `text` holds a flagged character: a literal holding one is written escaped.
///
/// Every flagged character is outside ASCII, so ASCII text is answered by `str::is_ascii`,
/// which the standard library runs optimized: the macro calls this on every literal it writes
/// (input schemas, the embedded operation, rustdoc) and runs unoptimized at cargo's defaults,
/// where the walk by `char` cost 0.62 G of the 4.25 G instructions of the compile bench's
/// incremental check of 133 curated tools (BENCHMARKS.md).
pub fn has_invisible(text: &str) -> bool {
    !text.is_ascii() && text.chars().any(is_invisible)
}

/// Up to `before` characters before byte `start` and `after` after byte `end` of `text`, the
/// part a finding quotes (`start..end` on character boundaries).
fn around(text: &str, start: usize, end: usize, before: usize, after: usize) -> String {
    let head: String = {
        let mut chars: Vec<char> = text[..start].chars().rev().take(before).collect();
        chars.reverse();
        chars.into_iter().collect()
    };
    let tail: String = text[end..].chars().take(after).collect();
    format!("{head}{}{tail}", &text[start..end])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
