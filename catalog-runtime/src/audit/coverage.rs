//! Keeping a catalog honest over time: which operations of a spec are wrapped by which tool,
//! a pinned list of tools a reviewer reads, and the spec version stamp compared with what a
//! server reports.

use catalog_core::index::Index;
use catalog_core::model::{Operation, SpecInfo};
use std::collections::BTreeMap;
use std::fmt;

/// Which operations of a spec a set of tools wraps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// The spec's stem.
    pub spec: String,
    /// Every operation of the spec (`METHOD /path`), in spec order, with the tools that wrap it
    /// (empty when none does).
    pub operations: Vec<(String, Vec<String>)>,
    /// Tools whose operation is not in this spec (another spec's tools, or a stale build).
    pub foreign: Vec<(String, String)>,
}

impl Coverage {
    /// The operations no tool wraps.
    pub fn unwrapped(&self) -> Vec<&str> {
        self.operations
            .iter()
            .filter(|(_, tools)| tools.is_empty())
            .map(|(k, _)| k.as_str())
            .collect()
    }

    /// How many operations are wrapped.
    pub fn wrapped(&self) -> usize {
        self.operations.len() - self.unwrapped().len()
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} of {} operations wrapped",
            self.spec,
            self.wrapped(),
            self.operations.len()
        )?;
        for (key, tools) in &self.operations {
            if tools.is_empty() {
                writeln!(f, "  -  {key}")?;
            } else {
                writeln!(f, "  +  {key}  <- {}", tools.join(", "))?;
            }
        }
        for (tool, key) in &self.foreign {
            writeln!(f, "  ?  {tool} wraps {key}, which this spec does not have")?;
        }
        Ok(())
    }
}

/// Coverage of `index` by `tools` (tool name and operation). Only tools whose operation came
/// from this spec (by stem) count; the others are listed as foreign.
pub fn coverage<'a>(
    index: &Index,
    tools: impl IntoIterator<Item = (&'a str, &'a Operation)>,
) -> Coverage {
    let mut by_key: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut foreign = Vec::new();
    for (name, op) in tools {
        let ours =
            op.spec.stem == index.spec.stem && index.operations.iter().any(|o| o.key() == op.key());
        if ours {
            by_key.entry(op.key()).or_default().push(name.to_string());
        } else {
            foreign.push((name.to_string(), op.key()));
        }
    }
    Coverage {
        spec: index.spec.stem.clone(),
        operations: index
            .operations
            .iter()
            .map(|o| (o.key(), by_key.remove(&o.key()).unwrap_or_default()))
            .collect(),
        foreign,
    }
}

/// The exact set of tools as lines a reviewer reads: `name -> METHOD /path (operationId) [spec]`,
/// sorted by name. Pin it in a test with [`assert_pinned`]: adding, removing or re-pointing a
/// tool changes this list.
pub fn pin<'a>(tools: impl IntoIterator<Item = (&'a str, &'a Operation)>) -> String {
    let mut lines: Vec<String> = tools
        .into_iter()
        .map(|(name, op)| {
            let id = op
                .id
                .as_deref()
                .map(|i| format!(" ({i})"))
                .unwrap_or_default();
            format!("{name} -> {}{id} [{}]", op.key(), op.spec.stem)
        })
        .collect();
    lines.sort();
    lines.join("\n") + "\n"
}

/// Panics with both lists when the tools differ from `expected` (the output of [`pin`]).
pub fn assert_pinned<'a>(
    tools: impl IntoIterator<Item = (&'a str, &'a Operation)>,
    expected: &str,
) {
    let got = pin(tools);
    fn norm(s: &str) -> Vec<&str> {
        s.lines().map(str::trim).filter(|l| !l.is_empty()).collect()
    }
    let (g, e) = (norm(&got), norm(expected));
    if g != e {
        let added: Vec<&&str> = g.iter().filter(|l| !e.contains(l)).collect();
        let removed: Vec<&&str> = e.iter().filter(|l| !g.contains(l)).collect();
        panic!(
            "the tool set changed; review it and update the pinned list\nadded:\n  {}\nremoved:\n  \
             {}\nnow:\n{got}",
            added
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("\n  "),
            removed
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("\n  "),
        );
    }
}

/// The spec a tool was built against differs from what the server reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionMismatch {
    /// The spec's title.
    pub title: String,
    /// `info.version` of the spec the tools were checked against.
    pub built: String,
    /// What the server reports.
    pub reported: String,
}

impl fmt::Display for VersionMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tools were checked against {} {}, but the server reports {}: parameters may have \
             been added or changed; re-index the server's spec and rebuild",
            self.title, self.built, self.reported
        )
    }
}

/// Compares a spec's version with the version a server reports, as versions
/// ([`same_version`]): `4.7.3 (4.7)` is `4.7.3`, `v1.4.0` is `1.4.0`; anything else that
/// differs is a mismatch.
pub fn compare_version(spec: &SpecInfo, reported: &str) -> Option<VersionMismatch> {
    (!same_version(&spec.version, reported)).then(|| VersionMismatch {
        title: spec.title.clone(),
        built: spec.version.clone(),
        reported: reported.trim().to_string(),
    })
}

/// Whether two version strings name the same version. Each is read without what does not
/// name the release: surrounding whitespace, a leading `v`, build metadata after a `+`
/// (SemVer 2.0.0 §10: `1.4.0+abc` is `1.4.0`), and a trailing note in parentheses (NetBox's
/// live schema says `4.7.3 (4.7)` where its status says `4.7.3`). What is left is compared by
/// its dot-separated parts, a part of digits by its number (`4.07` is `4.7`), missing trailing
/// parts read as `0` (`4.7` is `4.7.0`), and anything else exactly: `4.7.3-rc1` is not
/// `4.7.3`, and `1.0.0` is not `1.0.1`.
pub fn same_version(a: &str, b: &str) -> bool {
    fn release(v: &str) -> &str {
        let mut v = v.trim();
        if let Some(at) = v.find('+') {
            v = &v[..at];
        }
        while let Some(open) = v.strip_suffix(')').and_then(|rest| rest.rfind('(')) {
            v = v[..open].trim_end();
        }
        v.trim().trim_start_matches(['v', 'V'])
    }
    fn parts(v: &str) -> Vec<String> {
        let mut parts: Vec<String> = v
            .split('.')
            .map(|part| {
                if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
                    let digits = part.trim_start_matches('0');
                    if digits.is_empty() { "0" } else { digits }.to_string()
                } else {
                    part.to_string()
                }
            })
            .collect();
        while parts.len() > 1 && parts.last().is_some_and(|p| p == "0") {
            parts.pop();
        }
        parts
    }
    parts(release(a)) == parts(release(b))
}

/// The spec a tool was built from is not the document the API serves: their bytes' hashes
/// differ ([`compare_hash`]). Seen even when `info.version` did not move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashMismatch {
    /// The spec's title.
    pub title: String,
    /// `info.version` of the spec the tools were built from.
    pub version: String,
    /// The hash the build stamped on the tools (16 hex digits).
    pub built: String,
    /// The hash of the document the API serves, by the same function.
    pub served: String,
}

impl fmt::Display for HashMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tools were built from {} {} (spec hash {}), but the API serves a spec whose hash is \
             {}: the spec changed (its version need not have); rebuild the tools from the \
             document the API serves, downloaded from that path as is (its bytes, not a \
             converted copy)",
            self.title, self.version, self.built, self.served
        )
    }
}

/// Compares the hash the build stamped on a spec's tools with the hash of `served`, the bytes of
/// the document an API serves, by the function the build used
/// ([`content_hash`](catalog_core::spec::load::content_hash)): any byte differing is a mismatch,
/// a YAML copy of a JSON document included (the build stamps the file's bytes, so the tools
/// were built from another file).
pub fn compare_hash(spec: &SpecInfo, served: &[u8]) -> Option<HashMismatch> {
    let served = format!("{:016x}", catalog_core::spec::load::content_hash(served));
    (!spec.hash.eq_ignore_ascii_case(&served)).then(|| HashMismatch {
        title: spec.title.clone(),
        version: spec.version.clone(),
        built: spec.hash.clone(),
        served,
    })
}

/// Reads a version out of a server's status document by a dotted path (NetBox's `/api/status/`
/// has `{"netbox-version": "4.6.8", ...}`).
pub fn version_from_status<'v>(status: &'v serde_json::Value, path: &str) -> Option<&'v str> {
    path.split('.')
        .try_fold(status, |v, key| v.get(key))
        .and_then(serde_json::Value::as_str)
}

/// Why the tools of a catalog may not fit the server they talk to, as a value to log, show an
/// operator, or fail a health check on ([`Catalog::check_spec_version`](crate::tools::catalog::Catalog::check_spec_version)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionWarning {
    /// The server reports another version than the spec the tools were checked against.
    Mismatch(VersionMismatch),
    /// The server's status document has no version string where it was looked for.
    NotReported {
        /// The spec's title.
        title: String,
        /// `info.version` of the spec the tools were checked against.
        built: String,
        /// The dotted path looked at.
        path: String,
    },
    /// Tools of one spec (by stem) were checked against different copies of it (their content
    /// hashes differ): the catalog mixes builds.
    MixedBuilds {
        /// The spec's stem.
        spec: String,
        /// Each distinct `info.version (hash)` and the tools built against it.
        builds: Vec<(String, Vec<String>)>,
    },
}

impl fmt::Display for VersionWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionWarning::Mismatch(m) => m.fmt(f),
            VersionWarning::NotReported { title, built, path } => write!(
                f,
                "tools were checked against {title} {built}, but the server's status has no \
                 version at `{path}`: its version cannot be compared"
            ),
            VersionWarning::MixedBuilds { spec, builds } => {
                write!(
                    f,
                    "tools of spec `{spec}` were checked against different copies of it:"
                )?;
                for (i, (build, tools)) in builds.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    write!(f, "{sep}{build} for {}", tools.join(", "))?;
                }
                f.write_str("; rebuild them against one spec")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_note_is_not_a_difference() {
        for (built, reported) in [
            ("4.7.3 (4.7)", "4.7.3"),
            ("4.7.3", "4.7.3 (4.7)"),
            ("4.7.3(4.7)", "4.7.3"),
            ("1.4.0+20260101.abc", "1.4.0"),
            ("1.4.0+build (x)", "v1.4.0"),
            (" v1.4.0 ", "1.4.0"),
            ("V2", "2.0.0"),
            ("4.07", "4.7.0"),
            ("1.0.0-rc.1", "1.0.0-rc.1+7"),
        ] {
            assert!(same_version(built, reported), "{built} vs {reported}");
        }
    }

    #[test]
    fn another_release_is_a_difference() {
        for (built, reported) in [
            ("4.7.3", "4.7.4"),
            ("4.7.3 (4.7)", "4.6.8"),
            ("4.7.3", "4.7.3-rc1"),
            ("1.0.0", "1.0.0.1"),
            ("1.10", "1.1"),
            ("2024-01-01", "2024-01-02"),
            ("1.4.0", ""),
        ] {
            assert!(!same_version(built, reported), "{built} vs {reported}");
        }
    }

    #[test]
    fn the_same_bytes_are_no_mismatch_and_one_byte_is() {
        // The hash of these bytes, as `content_hash`'s own test pins it.
        let spec = SpecInfo {
            stem: "ersatztv".into(),
            title: "ErsatzTV API".into(),
            version: "1.0.0".into(),
            openapi: "3.0.1".into(),
            hash: "566d342d64a0461d".into(),
            null: None,
        };
        assert_eq!(compare_hash(&spec, b"0123456789abcdef-x"), None);
        let changed = compare_hash(&spec, b"0123456789abcdef-y").unwrap();
        assert_eq!(changed.built, "566d342d64a0461d");
        assert_eq!(
            changed.served,
            format!(
                "{:016x}",
                catalog_core::spec::load::content_hash(b"0123456789abcdef-y")
            )
        );
        assert_ne!(changed.served, changed.built);
        assert_eq!(
            changed.to_string(),
            format!(
                "tools were built from ErsatzTV API 1.0.0 (spec hash 566d342d64a0461d), but the \
                 API serves a spec whose hash is {}: the spec changed (its version need not \
                 have); rebuild the tools from the document the API serves, downloaded from \
                 that path as is (its bytes, not a converted copy)",
                changed.served
            )
        );
    }

    #[test]
    fn the_mismatch_keeps_both_versions_as_written() {
        let spec = SpecInfo {
            stem: "netbox".into(),
            title: "NetBox REST API".into(),
            version: "4.7.3 (4.7)".into(),
            openapi: "3.0.3".into(),
            hash: "aa".into(),
            null: None,
        };
        assert_eq!(compare_version(&spec, "4.7.3"), None);
        assert_eq!(
            compare_version(&spec, " 4.8.0 ").map(|m| m.to_string()),
            Some(
                "tools were checked against NetBox REST API 4.7.3 (4.7), but the server reports \
                 4.8.0: parameters may have been added or changed; re-index the server's spec and \
                 rebuild"
                    .to_string()
            )
        );
    }
}
