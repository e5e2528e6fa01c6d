//! The README's examples cannot drift from what the code does: its error example is the message a
//! ui case pins, and its `CreatePost` tool is the one `real-specs/` compiles against Mattermost's
//! spec.

use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The fenced blocks of a markdown text whose info string is `lang`, in order.
fn fenced_blocks<'a>(markdown: &'a str, lang: &str) -> Vec<&'a str> {
    let open = format!("```{lang}\n");
    let mut blocks = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find(&open) {
        let body = &rest[start + open.len()..];
        let end = body.find("```\n").expect("a fenced block is closed");
        blocks.push(&body[..end]);
        rest = &body[end..];
    }
    blocks
}

/// Rust source reduced to its tokens' text: comments gone (doc comments too), whitespace gone,
/// a trailing comma before `)` gone, and `spec = "..."` (needed only beside several specs) gone.
fn tokens_only(source: &str) -> String {
    let without_comments: String = source.lines().map(code_before_comment).collect();
    let mut text: String = without_comments
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    while let Some(at) = text.find("spec=\"") {
        let end = text[at + 6..].find('"').expect("a closed string") + at + 7;
        let end = if text[end..].starts_with(',') {
            end + 1
        } else {
            end
        };
        text.replace_range(at..end, "");
    }
    text.replace(",)", ")")
}

/// A line up to its `//` comment, if any; a `//` inside a string literal is code.
fn code_before_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '/' if !in_string && line[at..].starts_with("//") => return &line[..at],
            _ => {}
        }
    }
    line
}

#[test]
fn the_error_example_is_the_message_its_ui_case_pins() {
    let readme = read("README.md");
    let stderr = read("tests/ui/accounting/unaccounted.stderr");
    let message = &stderr[..stderr
        .find(" --> ")
        .expect("a pinned error has a span line")];
    let shown = fenced_blocks(&readme, "text");
    assert!(
        shown.contains(&message),
        "the README's error example differs from tests/ui/accounting/unaccounted.stderr; copy the \
         message (up to its ` --> ` line) into the README:\n{message}"
    );
}

#[test]
fn the_create_post_example_is_the_tool_real_specs_compiles() {
    let readme = read("README.md");
    let example = fenced_blocks(&readme, "rust")
        .into_iter()
        .find(|block| block.contains("pub struct CreatePost"))
        .expect("the README shows the CreatePost tool");
    let tool = &example[example.find("#[tool(").expect("the example has #[tool(")..];
    let compiled = read("real-specs/src/mattermost.rs");
    assert!(
        tokens_only(&compiled).contains(&tokens_only(tool)),
        "the README's CreatePost differs from real-specs/src/mattermost.rs (which is compiled \
         against Mattermost's spec); make them the same tool:\n{}",
        tokens_only(tool)
    );
}

#[test]
fn tokens_only_keeps_what_a_comment_marker_inside_a_string_would_cut() {
    assert_eq!(
        tokens_only("a = \"x // y\", // note\nb(c,)"),
        "a=\"x//y\",b(c)"
    );
    assert_eq!(
        tokens_only("#[tool(spec = \"m\", op = 1)]"),
        "#[tool(op=1)]"
    );
}

#[test]
fn the_server_main_is_the_example_cargo_builds() {
    let readme = read("README.md");
    let example = read("examples/your_server/main.rs");
    assert!(
        fenced_blocks(&readme, "rust").contains(&example.as_str()),
        "the README's server `main.rs` differs from examples/your_server/main.rs (which cargo \
         builds); copy the file into the README:\n{example}"
    );
}
