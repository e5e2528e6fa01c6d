//! The house rules that a reviewer would otherwise check by eye: the facade's public surface is
//! pinned in `tests/house/public-api.txt` (any addition or removal shows in review), and the
//! folders of `catalog-core` (compile time) and `catalog-runtime` (run time) are layers, each
//! using only the ones below it, the macro depends on no run-time code, and the files of one
//! folder use each other one way, in no circle (`circles`).

use std::collections::BTreeSet;
use std::path::Path;

#[path = "house/circles.rs"]
mod circles;

/// Every name `src/lib.rs` makes public, as `catalog::path::Name`, read from its `pub use` and
/// `pub mod` items (nested `pub mod` blocks included), sorted.
fn public_surface(lib: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut modules: Vec<(String, usize)> = Vec::new(); // (module name, brace depth it opened at)
    let mut depth = 0usize;
    let mut rest = strip_comments(lib);
    while !rest.is_empty() {
        let item = rest.trim_start();
        let hidden = item.starts_with("#[doc(hidden)]");
        let item = item.trim_start_matches("#[doc(hidden)]").trim_start();
        let item = strip_cfg(item);
        let prefix = std::iter::once("catalog")
            .chain(modules.iter().map(|(m, _)| m.as_str()))
            .collect::<Vec<_>>()
            .join("::");
        if let Some(after) = item.strip_prefix("pub use ") {
            let end = after.find(';').expect("a `pub use` ends with `;`");
            for name in leaf_names(&after[..end]) {
                let tag = if hidden { " (hidden)" } else { "" };
                names.insert(format!("{prefix}::{name}{tag}"));
            }
            rest = after[end + 1..].to_string();
            continue;
        }
        if let Some(after) = item.strip_prefix("pub mod ") {
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(format!("{prefix}::{name} (module)"));
            let open = after.find('{').expect("an inline `pub mod` block");
            depth += 1;
            modules.push((name, depth));
            rest = after[open + 1..].to_string();
            continue;
        }
        // Step over one character, tracking braces so nested module blocks close.
        let mut chars = item.chars();
        match chars.next() {
            Some('{') => depth += 1,
            Some('}') => {
                if modules.last().is_some_and(|(_, d)| *d == depth) {
                    modules.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        rest = chars.as_str().to_string();
    }
    names
}

fn strip_comments(src: &str) -> String {
    src.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn strip_cfg(item: &str) -> &str {
    let mut item = item;
    while item.starts_with("#[cfg(") {
        let end = item.find(")]").expect("a closed #[cfg]");
        item = item[end + 2..].trim_start();
    }
    item
}

/// `a::b::{C, D as E, f::G}` -> `C`, `E`, `G`.
fn leaf_names(path: &str) -> Vec<String> {
    let path: String = path.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = path.find('{') else {
        let last = path.rsplit("::").next().unwrap_or(&path);
        return vec![
            last.rsplit(" as ")
                .next()
                .unwrap_or(last)
                .trim()
                .to_string(),
        ];
    };
    let inner = path[open + 1..].trim_end_matches('}');
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let last = s.rsplit("::").next().unwrap_or(s);
            last.rsplit(" as ")
                .next()
                .unwrap_or(last)
                .trim()
                .to_string()
        })
        .collect()
}

#[test]
fn the_public_surface_is_pinned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    let actual: Vec<String> = public_surface(&lib).into_iter().collect();
    let pin_path = root.join("tests/house/public-api.txt");
    if std::env::var_os("CATALOG_REPIN").is_some() {
        std::fs::write(&pin_path, actual.join("\n") + "\n").expect("write the pin");
    }
    let pinned = std::fs::read_to_string(&pin_path).unwrap_or_default();
    let pinned: Vec<&str> = pinned.lines().collect();
    assert!(
        actual.iter().map(String::as_str).eq(pinned.iter().copied()),
        "the public surface of `catalog` changed; review it, then re-pin with \
         CATALOG_REPIN=1 cargo test --test house\n--- pinned\n{}\n--- actual\n{}",
        pinned.join("\n"),
        actual.join("\n")
    );
}

#[test]
fn the_surface_reader_sees_nested_modules_and_hidden_items() {
    let lib = "pub use a::{B, c::D as E};\n#[cfg(feature = \"x\")]\npub mod m {\n    pub use z::{F};\n}\n#[doc(hidden)]\npub use q::r as __g;\npub use s::T;";
    let got: Vec<String> = public_surface(lib).into_iter().collect();
    assert_eq!(
        got,
        [
            "catalog::B",
            "catalog::E",
            "catalog::T",
            "catalog::__g (hidden)",
            "catalog::m (module)",
            "catalog::m::F",
        ]
    );
}

/// The layers, lowest first, each a folder of one crate's `src` with its tier: a folder may use
/// the folders of its own tier and of the tiers below it, never one above. `model` is the
/// vocabulary, `spec` reads documents, `index` stores them, `check` holds the rules, `present`
/// writes schemas and docs: that is the compile-time crate, `catalog-core`, one folder a tier.
/// Then the run-time crate, `catalog-runtime`: `wire` encodes, decodes and bounds what crosses
/// the wire; `audit` records and reports; then the serving core, one tier of four folders that
/// work together (`tools` is what is served, `outbound` a call's way out to the API, `observe`
/// what the operator sees of both, `config` the settings every part reads); `inbound`, a
/// call's way in from the agent and its answer's way back, uses them all and none uses it;
/// `probe`, the probes a user runs over a catalog in a test, sits on top.
const LAYERS: [(&str, &str, usize); 13] = [
    ("catalog-core", "model", 0),
    ("catalog-core", "spec", 1),
    ("catalog-core", "index", 2),
    ("catalog-core", "check", 3),
    ("catalog-core", "present", 4),
    ("catalog-runtime", "wire", 5),
    ("catalog-runtime", "audit", 6),
    ("catalog-runtime", "config", 7),
    ("catalog-runtime", "observe", 7),
    ("catalog-runtime", "outbound", 7),
    ("catalog-runtime", "tools", 7),
    ("catalog-runtime", "inbound", 8),
    ("catalog-runtime", "probe", 9),
];

/// The crates along the compile-time / run-time line, each with the workspace crates it may
/// depend on (normal dependencies): the macro compiles no run-time code.
const CRATE_DEPENDENCIES: [(&str, &[&str]); 4] = [
    ("catalog-core", &[]),
    ("catalog-runtime", &["catalog-core"]),
    ("catalog-macros", &["catalog-core"]),
    (".", &["catalog-core", "catalog-macros", "catalog-runtime"]),
];

/// The imports that still go up a layer, as (from, to): none is left. What two layers share
/// lives in the lower one (docs/decisions/house.md); a pair listed here would be a debt shown in
/// review, and a listed pair that is gone fails, so the list can only shrink.
const KNOWN_UPWARD: [(&str, &str); 0] = [];

/// Each folder's production sources (test modules in their own files left out) and the layers
/// they name (`crate::<folder>` within a crate, `catalog_core::<folder>` from the run-time
/// crate), as (from, to, file).
fn core_imports() -> Vec<(String, String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for (krate, layer, _) in LAYERS {
        let src = root.join(krate).join("src");
        let mut files = Vec::new();
        collect_sources(&src.join(layer), &mut files);
        let file = src.join(format!("{layer}.rs"));
        if file.exists() {
            files.push(file);
        }
        assert!(!files.is_empty(), "no sources for the `{layer}` layer");
        for file in files {
            let text = strip_comments(&std::fs::read_to_string(&file).expect("a source file"));
            for prefix in ["crate::", "catalog_core::", "catalog_runtime::"] {
                for (at, _) in text.match_indices(prefix) {
                    if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let name: String = text[at + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if name != layer && LAYERS.iter().any(|(_, l, _)| *l == name) {
                        let shown = file
                            .strip_prefix(&src)
                            .unwrap_or(&file)
                            .display()
                            .to_string();
                        found.push((layer.to_string(), name, shown));
                    }
                }
            }
        }
    }
    found
}

fn collect_sources(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect_sources(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            files.push(path);
        }
    }
}

fn layer_of(name: &str) -> usize {
    LAYERS
        .iter()
        .find(|(_, l, _)| *l == name)
        .map(|(_, _, tier)| *tier)
        .expect("a layer")
}

#[test]
fn every_folder_of_the_two_crates_is_a_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in ["catalog-core", "catalog-runtime"] {
        let src = root.join(krate).join("src");
        let folders: BTreeSet<String> = std::fs::read_dir(&src)
            .unwrap_or_else(|e| panic!("{}: {e}", src.display()))
            .filter_map(|e| {
                let path = e.expect("a directory entry").path();
                path.is_dir().then(|| {
                    path.file_name()
                        .expect("a name")
                        .to_string_lossy()
                        .into_owned()
                })
            })
            .collect();
        let layers: BTreeSet<String> = LAYERS
            .iter()
            .filter(|(k, _, _)| *k == krate)
            .map(|(_, l, _)| l.to_string())
            .collect();
        assert_eq!(
            folders, layers,
            "a folder of {krate}/src is not placed in LAYERS (tests/house.rs): say which layers it may use"
        );
    }
}

/// The workspace crates a manifest names under `[dependencies]` (not dev or build ones).
fn workspace_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut section = "";
    let mut found = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section == "[dependencies]" {
            let name = line.split(['.', ' ', '=']).next().unwrap_or("");
            if name.starts_with("catalog-") {
                found.insert(name.to_string());
            }
        }
    }
    found
}

#[test]
fn the_macro_and_the_compile_time_crate_depend_on_no_run_time_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (krate, allowed) in CRATE_DEPENDENCIES {
        let manifest = root.join(krate).join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest)
            .unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
        let allowed: BTreeSet<String> = allowed.iter().map(|a| a.to_string()).collect();
        let extra: Vec<String> = workspace_dependencies(&text)
            .difference(&allowed)
            .cloned()
            .collect();
        assert!(
            extra.is_empty(),
            "{krate} depends on {extra:?}; it may depend on {allowed:?} only (CRATE_DEPENDENCIES \
             in tests/house.rs)"
        );
    }
}

#[test]
fn the_dependency_reader_sees_only_normal_dependencies() {
    let manifest = "[package]\nname = \"catalog-x\"\n[dependencies]\ncatalog-core.workspace = true\n\
                    catalog-runtime = { path = \"../r\" }\nserde = \"1\"\n[dev-dependencies]\n\
                    catalog-macros.workspace = true\n";
    assert_eq!(
        workspace_dependencies(manifest),
        BTreeSet::from(["catalog-core".to_string(), "catalog-runtime".to_string()])
    );
}

#[test]
fn core_folders_import_only_the_layers_below() {
    let upward: BTreeSet<String> = core_imports()
        .into_iter()
        .filter(|(from, to, _)| layer_of(to) > layer_of(from))
        .filter(|(from, to, _)| !KNOWN_UPWARD.contains(&(from.as_str(), to.as_str())))
        .map(|(from, to, file)| format!("{file}: `{from}` uses `{to}`, a layer above it"))
        .collect();
    assert!(
        upward.is_empty(),
        "move what is shared down to the lower layer instead:\n{}",
        upward.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_known_upward_import_is_still_there() {
    let imports = core_imports();
    for (from, to) in KNOWN_UPWARD {
        assert!(
            imports.iter().any(|(f, t, _)| f == from && t == to),
            "`{from}` no longer uses `{to}`: remove the pair from KNOWN_UPWARD in tests/house.rs"
        );
    }
}

/// The executor sees the test suites' recorder through `wire::observe::RequestObserver` only: no
/// file of `outbound/executor` names the `audit` layer, so sending a request does not depend on
/// auditing it. (That `audit` never uses `outbound` is the layering above.)
#[test]
fn the_executor_names_no_recorder() {
    let named: Vec<String> = core_imports()
        .into_iter()
        .filter(|(from, to, file)| {
            from == "serve" && to == "audit" && file.starts_with("outbound/executor")
        })
        .map(|(_, _, file)| file)
        .collect();
    assert!(
        named.is_empty(),
        "the executor names the audit layer in {named:?}: take a `RequestObserver` instead"
    );
}
