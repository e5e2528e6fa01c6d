//! The README's examples cannot drift from what the code does: its error example is the message a
//! ui case pins, and its `CreatePost` tool is the one `real-specs/` compiles against Mattermost's
//! spec.

use std::path::Path;

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

/// The README's "Call it" block (step 4 of its tour), compiled against the taskboard tools;
/// `the_call_example_is_code_that_compiles` holds the README to this body.
#[allow(dead_code)]
async fn call_it(
    key: String,
    args: serde_json::Value,
) -> Result<catalog::executor::ApiResponse, Box<dyn std::error::Error>> {
    use tools::{CreateTask, ListTasks};
    let catalog = catalog::Catalog::new()
        .tool::<ListTasks>()
        .tool::<CreateTask>();
    let executor = catalog::executor::Executor::new(
        catalog::executor::ExecutorConfig::new("https://tasks.example.com/v1")
            .auth_header("X-Api-Key", key) // sent on every request, marked sensitive
            .allow_writes(false), // every non-GET tool is refused until enabled
    )?;
    let response = catalog.call(&executor, "list_tasks", args).await?;
    Ok(response)
}

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
fn the_call_example_is_code_that_compiles() {
    let readme = read("README.md");
    let example = fenced_blocks(&readme, "rust")
        .into_iter()
        .find(|block| block.contains("Catalog::new()") && block.contains("catalog.call("))
        .expect("the README shows a call through a Catalog");
    let compiled = read("tests/readme.rs");
    let body = &compiled[compiled.find("async fn call_it(").expect("call_it is here")..];
    assert!(
        tokens_only(body).contains(&tokens_only(example)),
        "the README's call example differs from `call_it` in tests/readme.rs (which is compiled \
         against the taskboard tools); make them the same code:\n{}",
        tokens_only(example)
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

/// The markdown files of the reference: the README, the figures, and every file under `docs/`.
fn reference_files() -> Vec<String> {
    fn walk(root: &Path, dir: &str, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for entry in entries.flatten() {
            let name = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                walk(root, &name, out);
            } else if name.ends_with(".md") {
                out.push(name);
            }
        }
    }
    let mut files = vec!["README.md".to_string(), "BENCHMARKS.md".to_string()];
    walk(Path::new(env!("CARGO_MANIFEST_DIR")), "docs", &mut files);
    files.sort();
    files
}

/// A markdown text without its fenced code blocks: the prose, where links and headings are.
fn prose(markdown: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The text of each inline code span of `prose`, in order.
fn code_spans(prose: &str) -> Vec<&str> {
    prose.split('`').skip(1).step_by(2).collect()
}

/// `prose` with its inline code spans removed, so that `[a](b)` inside a span is not a link.
fn without_code_spans(prose: &str) -> String {
    prose.split('`').step_by(2).collect()
}

/// The target of each inline link `[text](target)` of `prose`, in order.
fn link_targets(prose: &str) -> Vec<String> {
    let text = without_code_spans(prose);
    let mut targets = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let tail = &rest[at + 2..];
        let Some(end) = tail.find(')') else { break };
        targets.push(
            tail[..end]
                .trim_matches(|c| c == '<' || c == '>')
                .to_string(),
        );
        rest = &tail[end..];
    }
    targets
}

/// The anchors GitHub gives the headings of `markdown`: lower case, punctuation dropped, spaces
/// as `-`, a repeated heading's anchor suffixed `-1`, `-2`, ...
fn heading_anchors(markdown: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    for line in prose(markdown).lines() {
        let heading = line.trim_start_matches('#');
        if heading.len() == line.len() || !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let repeats = anchors
            .iter()
            .filter(|a| {
                **a == slug
                    || a.strip_prefix(&format!("{slug}-"))
                        .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .count();
        anchors.push(if repeats == 0 {
            slug
        } else {
            format!("{slug}-{repeats}")
        });
    }
    anchors
}

/// Every relative link of `text` (the file `file` of the workspace) that does not resolve: a
/// file that does not exist, or a `#` anchor no heading of the target gives.
fn broken_links(file: &str, text: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for target in link_targets(&prose(text)) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((path, anchor)) => (path, Some(anchor)),
            None => (target.as_str(), None),
        };
        let resolved = if path.is_empty() {
            Path::new(file).to_path_buf()
        } else {
            dir.join(path)
        };
        let linked = if path.is_empty() {
            text.to_string()
        } else if root.join(&resolved).exists() {
            std::fs::read_to_string(root.join(&resolved)).unwrap_or_default()
        } else {
            broken.push(format!(
                "{file}: `{target}`: {} does not exist",
                resolved.display()
            ));
            continue;
        };
        if let Some(anchor) = anchor
            && !heading_anchors(&linked).iter().any(|a| a == anchor)
        {
            broken.push(format!(
                "{file}: `{target}`: no heading of {} has the anchor #{anchor}",
                resolved.display()
            ));
        }
    }
    broken
}

/// Every path of the workspace a code span of `text` (the file `file`) names that does not exist:
/// a span of path characters, `tests/ui/accounting/unaccounted.rs`, whose first part is a
/// top-level entry of the workspace (`target/` is built, so not checked).
fn missing_paths(file: &str, text: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for span in code_spans(&prose(text)) {
        let pathlike = span.contains('/')
            && span
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.-/".contains(c));
        let first = span.split('/').next().unwrap_or_default();
        if !pathlike || matches!(first, "" | "." | ".." | "target") {
            continue;
        }
        if root.join(first).exists() && !root.join(span).exists() {
            missing.push(format!("{file}: `{span}` does not exist"));
        }
    }
    missing
}

#[test]
fn every_link_and_path_of_the_readme_and_docs_resolves() {
    let mut problems = Vec::new();
    for file in reference_files() {
        let text = read(&file);
        problems.extend(broken_links(&file, &text));
        problems.extend(missing_paths(&file, &text));
    }
    assert!(
        problems.is_empty(),
        "links or paths of the README and docs/ that do not resolve; point each at the file (or \
         heading) it means:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_link_check_reads_headings_links_and_spans_as_github_renders_them() {
    let markdown = "# Glob pins: what a glob covers\n\n## Remote (Streamable HTTP)\n\n\
                    ## Remote (Streamable HTTP)\n\n```sh\n# not a heading [x](in-a-block.md)\n```\n\
                    See [a](docs/x.md#y), `[b](in-a-span.md)` and `tests/readme.rs`.\n";
    assert_eq!(
        heading_anchors(markdown),
        [
            "glob-pins-what-a-glob-covers",
            "remote-streamable-http",
            "remote-streamable-http-1"
        ]
    );
    assert_eq!(link_targets(&prose(markdown)), ["docs/x.md#y"]);
    assert_eq!(
        code_spans(&prose(markdown)),
        ["[b](in-a-span.md)", "tests/readme.rs"]
    );
}

#[test]
fn the_link_check_names_a_missing_file_a_missing_anchor_and_a_missing_path() {
    let markdown = "# Here\n\n[ok](../README.md#catalog), [self](#here), [gone](gone.md), \
                    [anchor](settings.md#no-such-heading), [lost](#nowhere), \
                    [web](https://example.com/x.md).\n\
                    `docs/settings.md` exists, `docs/gone.md` does not, `application/json` is no path.\n";
    assert_eq!(
        broken_links("docs/fake.md", markdown),
        [
            "docs/fake.md: `gone.md`: docs/gone.md does not exist",
            "docs/fake.md: `settings.md#no-such-heading`: no heading of docs/settings.md has the \
             anchor #no-such-heading",
            "docs/fake.md: `#nowhere`: no heading of docs/fake.md has the anchor #nowhere",
        ]
    );
    assert_eq!(
        missing_paths("docs/fake.md", markdown),
        ["docs/fake.md: `docs/gone.md` does not exist"]
    );
}
