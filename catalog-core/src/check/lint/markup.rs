//! HTML a model reads but a rendered description hides: comments, and active elements
//! (`<script>`, `<iframe>`, `<style>`, `<embed>`, `<frame>`, any tag with an `on...=` event
//! handler). Formatting tags (`<b>`, `<br>`, `<code>`, `<p>`, `<a href>`) are what specs write
//! everywhere and pass. And URLs that run or hold a document: `javascript:` and
//! `data:text/html`.

/// Elements that run or load something, or hide text from a rendered page.
const ACTIVE: &[&str] = &["script", "iframe", "style", "embed", "frame", "frameset"];

/// The first HTML comment or active tag, as written (up to 120 characters).
pub fn active_markup(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    if let Some(start) = lower.find("<!--") {
        let end = lower[start..]
            .find("-->")
            .map_or(text.len(), |e| start + e + 3);
        return Some(clip(&text[start..end]));
    }
    tags(&lower).find_map(|(start, end)| {
        let tag = &lower[start + 1..end];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let active = ACTIVE.contains(&name.as_str()) || has_handler(tag);
        active.then(|| clip(&text[start..=end.min(text.len() - 1)]))
    })
}

/// `(start, end)` of each `<name ...>` tag (end at its `>`, or the text's end).
fn tags(lower: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    lower.match_indices('<').filter_map(move |(start, _)| {
        let rest = &lower[start + 1..];
        rest.chars().next().filter(char::is_ascii_alphabetic)?;
        let end = rest.find('>').map_or(lower.len(), |e| start + 1 + e);
        Some((start, end))
    })
}

/// Whether a tag's attributes hold an event handler (`onerror=`, `onload = "..."`).
fn has_handler(tag: &str) -> bool {
    let bytes = tag.as_bytes();
    (1..bytes.len()).any(|i| {
        let before = bytes[i - 1];
        let starts_attribute =
            before.is_ascii_whitespace() || matches!(before, b'"' | b'\'' | b'/');
        starts_attribute
            && tag[i..].starts_with("on")
            && tag.get(i + 2..).is_some_and(|rest| {
                let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
                letters > 0 && rest[letters..].trim_start().starts_with('=')
            })
    })
}

/// The first `javascript:` or `data:text/html` URL, with what follows it (up to 120
/// characters).
pub fn script_link(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:text/html"]
        .iter()
        .filter_map(|scheme| {
            lower.match_indices(scheme).find(|(at, _)| {
                !lower[..*at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        })
        .map(|(at, _)| at)
        .min()
        .map(|at| clip(&text[at..url_end(text, at)]))
}

/// Where the URL starting at `at` ends: at a space or quote, or at a `)` it did not open (a
/// Markdown link's).
fn url_end(text: &str, at: usize) -> usize {
    let mut depth = 0usize;
    for (i, c) in text[at..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return at + i,
            ')' => depth -= 1,
            c if c.is_whitespace() || c == '"' => return at + i,
            _ => {}
        }
    }
    text.len()
}

fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(120).collect();
    if text.chars().count() > 120 {
        out.push('…');
    }
    out
}
