//! No file circles: inside each crate of the workspace (the compile-time and run-time cores, the
//! macros, the facade, the real-spec tool sets), the files that use each other form no cycle,
//! and there is no list of circles to add one to. A file's edges are the module paths it names (`use` trees and paths in
//! code: `crate::`, `super::`, `self::`, a child module's name), each resolved to the longest
//! prefix that is a module file; test modules (`#[cfg(test)]`) are left out. A cycle means no
//! file of it can be read, changed or moved without the others: move the shared piece into the
//! lower file (the one the others use), so that the uses go one way.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One module file: where it is, its module path, and its code with comments, strings and
/// test modules blanked.
struct ModuleFile {
    path: String,
    module: Vec<String>,
    code: String,
}

/// Code with comments and the contents of string and character literals replaced by spaces,
/// so that only code is scanned (byte offsets are kept).
fn blank_comments_and_strings(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in out.iter_mut().take(to).skip(from) {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = src[i..].find('\n').map_or(b.len(), |e| i + e);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let (mut depth, mut j) = (1, i + 2);
                while j < b.len() && depth > 0 {
                    if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
                        depth += 1;
                        j += 2;
                    } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !is_ident(b[i - 1])) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let start = i + 2 + hashes;
                let end = src[start..]
                    .find(&close)
                    .map_or(b.len(), |e| start + e + close.len());
                blank(&mut out, i, end);
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, j);
                i = j + 1;
            }
            // A character literal (`'x'`, `'\n'`, `'"'`); a lifetime (`'a`) is left as it is.
            b'\'' => {
                if b.get(i + 1) == Some(&b'\\') {
                    let end = src[i + 2..].find('\'').map_or(b.len(), |e| i + 2 + e + 1);
                    blank(&mut out, i, end);
                    i = end;
                } else if let Some(c) = src[i + 1..].chars().next()
                    && src[i + 1 + c.len_utf8()..].starts_with('\'')
                {
                    let end = i + 1 + c.len_utf8() + 1;
                    blank(&mut out, i, end);
                    i = end;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    String::from_utf8(out).expect("only ASCII was written over")
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of the item that starts at `from`: after its first `;`, or after the `}` matching
/// its first `{`, whichever comes first.
fn item_end(code: &str, from: usize) -> usize {
    let b = code.as_bytes();
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(from) {
        match c {
            b';' if depth == 0 => return i + 1,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// The names of the `mod name;` items of `code` (`#[cfg(test)]` items already blanked).
fn declared_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && is_ident(code.as_bytes()[at - 1]) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') {
            names.push(name);
        }
    }
    names
}

/// Blanks every item under `#[cfg(test)]` (test modules inline or in their own files).
fn without_tests(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(at) = code.find("#[cfg(test)]") {
        let end = item_end(&code, at);
        let blanked: String = code[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        code.replace_range(at..end, &blanked);
    }
    code
}

/// Every module file of the crate whose root is `lib`, reached through `mod name;` items that
/// are not test modules.
fn module_files(src: &Path) -> Vec<ModuleFile> {
    let mut files = Vec::new();
    let mut todo: Vec<(PathBuf, Vec<String>)> = vec![(src.join("lib.rs"), Vec::new())];
    while let Some((file, module)) = todo.pop() {
        let text = std::fs::read_to_string(&file).expect("a module file");
        let code = without_tests(&blank_comments_and_strings(&text));
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => file.parent().expect("a folder").to_path_buf(),
            _ => file.with_extension(""),
        };
        for name in declared_modules(&code) {
            let child = [
                dir.join(format!("{name}.rs")),
                dir.join(&name).join("mod.rs"),
            ]
            .into_iter()
            .find(|p| p.exists());
            if let Some(child) = child {
                let mut m = module.clone();
                m.push(name);
                todo.push((child, m));
            }
        }
        let path = file
            .strip_prefix(src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        files.push(ModuleFile { path, module, code });
    }
    files
}

/// `a::{b, c::{d, e as f}, self}` -> `a::b`, `a::c::d`, `a::c::e`, `a`.
fn flatten_use(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(&tree).trim();
        return vec![path.trim_end_matches("::self").to_string()];
    };
    let prefix = tree[..open].trim();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            flatten_use(p).into_iter().map(move |sub| {
                if sub == "self" {
                    prefix.trim_end_matches("::").to_string()
                } else {
                    format!("{prefix}{sub}")
                }
            })
        })
        .collect()
}

/// The paths a file names, each with where it is: its `use` trees flattened, and the
/// `crate::`/`super::`/`self::` paths and paths through a child module in its code.
fn named_paths(code: &str, children: &BTreeSet<String>) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    let mut rest = code.to_string();
    // `use` items first, blanked once read.
    let mut at = 0;
    while let Some(found) = rest[at..].find("use ") {
        let start = at + found;
        let word_start = start == 0 || !is_ident(rest.as_bytes()[start - 1]);
        if !word_start {
            at = start + 4;
            continue;
        }
        let end = rest[start..].find(';').map_or(rest.len(), |e| start + e);
        paths.extend(
            flatten_use(&rest[start + 4..end])
                .into_iter()
                .map(|p| (start, p)),
        );
        let blanked = " ".repeat(end - start);
        rest.replace_range(start..end, &blanked);
        at = end;
    }
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !is_ident(b[i]) || (i > 0 && (is_ident(b[i - 1]) || b[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let mut j = i;
        loop {
            while j < b.len() && is_ident(b[j]) {
                j += 1;
            }
            if rest[j..].starts_with("::") && b.get(j + 2).is_some_and(|&c| is_ident(c)) {
                j += 2;
            } else {
                break;
            }
        }
        let path = &rest[i..j];
        let first = path.split("::").next().unwrap_or_default();
        if path.contains("::")
            && (matches!(first, "crate" | "super" | "self") || children.contains(first))
        {
            paths.push((i, path.to_string()));
        }
        i = j.max(i + 1);
    }
    paths
}

/// The inline modules of `code` (`mod name { ... }`), as (name, where it opens, where it closes).
fn inline_modules(code: &str) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && is_ident(code.as_bytes()[at - 1]) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with('{') {
            found.push((name, at, item_end(code, at)));
        }
    }
    found
}

/// The module a path names from inside `module` (a path through an external crate: `None`).
fn absolute(path: &str, module: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let mut segments = path.trim_start_matches("::").split("::").peekable();
    let mut at: Vec<String> = match *segments.peek()? {
        "crate" => {
            segments.next();
            Vec::new()
        }
        "super" | "self" => module.to_vec(),
        first if children.contains(first) => module.to_vec(),
        _ => return None,
    };
    while let Some(s) = segments.peek() {
        match *s {
            "super" => {
                at.pop();
            }
            "self" => {}
            _ => break,
        }
        segments.next();
    }
    at.extend(segments.map(str::to_string));
    Some(at)
}

/// The graph of the files of each layer: from each file (its path) to the files of the same
/// layer it names.
fn file_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = module_files(src);
    let by_module: BTreeMap<&[String], &str> = files
        .iter()
        .map(|f| (f.module.as_slice(), f.path.as_str()))
        .collect();
    let layer = |path: &str| {
        path.split('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".rs")
            .to_string()
    };
    let mut graph = BTreeMap::new();
    for file in &files {
        let children: BTreeSet<String> = files
            .iter()
            .filter(|f| {
                f.module.len() == file.module.len() + 1 && f.module.starts_with(&file.module)
            })
            .filter_map(|f| f.module.last().cloned())
            .collect();
        let inline = inline_modules(&file.code);
        let mut uses = BTreeSet::new();
        for (at, path) in named_paths(&file.code, &children) {
            // Inside `mod name { ... }`, paths are relative to that module.
            let mut module = file.module.clone();
            module.extend(
                inline
                    .iter()
                    .filter(|(_, open, close)| (*open..*close).contains(&at))
                    .map(|(name, ..)| name.clone()),
            );
            let Some(mut target) = absolute(&path, &module, &children) else {
                continue;
            };
            while !target.is_empty() && !by_module.contains_key(target.as_slice()) {
                target.pop();
            }
            let Some(&to) = by_module.get(target.as_slice()) else {
                continue;
            };
            if to != file.path && !target.is_empty() && layer(to) == layer(&file.path) {
                uses.insert(to.to_string());
            }
        }
        graph.insert(file.path.clone(), uses);
    }
    graph
}

/// The strongly connected components of more than one file (Tarjan), each sorted.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

/// One cycle through a circle's files, as `a.rs -> b.rs -> a.rs`, for the message.
fn one_cycle(graph: &BTreeMap<String, BTreeSet<String>>, circle: &[String]) -> String {
    let start = &circle[0];
    let mut path = vec![start.clone()];
    let mut seen = BTreeSet::new();
    fn dfs(
        graph: &BTreeMap<String, BTreeSet<String>>,
        circle: &[String],
        start: &str,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        let at = path.last().expect("a path").clone();
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                path.push(next.clone());
                return true;
            }
            if circle.contains(next) && seen.insert(next.clone()) {
                path.push(next.clone());
                if dfs(graph, circle, start, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    dfs(graph, circle, start, &mut path, &mut seen);
    path.join(" -> ")
}

/// The file graph of each crate's sources (the two cores together: their folders do not
/// overlap), named by the crate's folder.
fn crate_graphs() -> Vec<(&'static str, BTreeMap<String, BTreeSet<String>>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cores = file_graph(&root.join("catalog-core/src"));
    cores.extend(file_graph(&root.join("catalog-runtime/src")));
    vec![
        ("catalog-core, catalog-runtime", cores),
        (
            "catalog-macros",
            file_graph(&root.join("catalog-macros/src")),
        ),
        ("catalog (the facade)", file_graph(&root.join("src"))),
        ("real-specs", file_graph(&root.join("real-specs/src"))),
    ]
}

#[test]
fn no_file_circle_in_any_crate() {
    let mut found = Vec::new();
    for (name, graph) in crate_graphs() {
        assert!(!graph.is_empty(), "no source files read in {name}");
        for c in circles(&graph) {
            found.push(format!(
                "{name}: {} (e.g. {})",
                c.join(", "),
                one_cycle(&graph, &c)
            ));
        }
    }
    assert!(
        found.is_empty(),
        "these files use each other in a circle; move what they share into the lower file so \
         the uses go one way:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_file_graph_reads_use_trees_and_paths_in_code() {
    let children: BTreeSet<String> = ["child".to_string()].into();
    let code = blank_comments_and_strings(
        "use super::{a::B, c::{d, e as F}, self};\nuse crate::x::y;\n\
         // crate::in_a_comment::Z\nfn f() { let s = \"crate::in_a_string\"; \
         crate::z::w(); child::go(); other::ignored(); let c = '\"'; super::super::q::R; }\n",
    );
    let mut paths: Vec<String> = named_paths(&code, &children)
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            "child::go",
            "crate::x::y",
            "crate::z::w",
            "super",
            "super::a::B",
            "super::c::d",
            "super::c::e",
            "super::super::q::R",
        ]
    );
    let module = ["wire".to_string(), "encode".to_string()];
    assert_eq!(
        absolute("super::super::q::R", &module, &children),
        Some(vec!["q".to_string(), "R".to_string()])
    );
    assert_eq!(
        absolute("child::go", &module, &children),
        Some(["wire", "encode", "child", "go"].map(String::from).to_vec())
    );
    assert_eq!(absolute("other::ignored", &module, &children), None);
    let inline = inline_modules("mod a;\npub mod m { mod n { } }\n");
    assert_eq!(
        inline,
        [("m".to_string(), 11, 30), ("n".to_string(), 19, 28)]
    );
    let tests = without_tests(
        "mod a;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod b { use crate::c; }\nmod d;",
    );
    assert_eq!(declared_modules(&tests), ["a", "d"]);
}

#[test]
fn a_circle_is_found_and_shown_as_one_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a.rs", &["b.rs"][..]),
        ("b.rs", &["c.rs"]),
        ("c.rs", &["a.rs", "d.rs"]),
        ("d.rs", &[]),
        ("e.rs", &["d.rs"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
    .collect();
    let found = circles(&graph);
    assert_eq!(found, [["a.rs", "b.rs", "c.rs"]]);
    assert_eq!(one_cycle(&graph, &found[0]), "a.rs -> b.rs -> c.rs -> a.rs");
}
