//! The keys each attribute parser takes, one list per place a key is written. A parser refuses
//! a key its list does not hold (its unknown-key message lists them) before it parses one, so
//! a key parsed is a key listed; every key but an entry goes into a [`Slot`](crate::slot::Slot),
//! so given twice it is an error over both. The test below holds each such key against a ui
//! case that gives it twice: a key added to a list without one fails it.

/// The keys written in one place.
pub struct Keys {
    /// Where: the attribute, then the key whose parentheses they are in (`tool.effects`).
    pub at: &'static str,
    /// Every key, in the order an unknown key's message lists them.
    pub keys: &'static [&'static str],
    /// The keys that are entries, written once per thing they declare (`fixed`, once per
    /// parameter): they repeat, and what each declares is checked once (a parameter accounted
    /// twice, an alias declared twice, a property omitted twice). Read by the test.
    #[cfg_attr(not(test), allow(dead_code))]
    pub entries: &'static [&'static str],
}

impl Keys {
    /// Whether `key` is one of these.
    pub fn accepts(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }

    /// `a, b, c`: the keys, for an unknown key's message.
    pub fn list(&self) -> String {
        self.keys.join(", ")
    }

    /// The error for a key listed here that its parser has no arm for: a bug in the macro.
    pub fn unparsed(&self, key: &str) -> String {
        format!(
            "catalog bug: `{key}` in `{}` is listed but not parsed; please report it",
            self.at
        )
    }
}

/// `#[tool(...)]`.
pub const TOOL: Keys = Keys {
    at: "tool",
    keys: &[
        "operation",
        "spec",
        "name",
        "former_names",
        "fixed",
        "omitted",
        "undocumented",
        "credential",
        "semantics",
        "effects",
        "output",
        "security",
        "variant",
        "check",
        "aliases",
        "failure",
        "accept_description",
        "arg",
    ],
    entries: &[
        "arg",
        "fixed",
        "omitted",
        "undocumented",
        "credential",
        "aliases",
        "accept_description",
    ],
};

/// `accept_description("<pointer>", reason = "...")`.
pub const ACCEPT_DESCRIPTION: Keys = Keys {
    at: "tool.accept_description",
    keys: &["reason"],
    entries: &[],
};

/// `failure(field = "...", equals = <literal>, reason = "...")`.
pub const FAILURE: Keys = Keys {
    at: "tool.failure",
    keys: &["field", "equals", "reason"],
    entries: &[],
};

/// `fixed("address", ...)`.
pub const FIXED: Keys = Keys {
    at: "tool.fixed",
    keys: &["value", "reason"],
    entries: &[],
};

/// `credential("address", scheme = "...")`.
pub const CREDENTIAL: Keys = Keys {
    at: "tool.credential",
    keys: &["scheme"],
    entries: &[],
};

/// `omitted("address or glob", ...)`.
pub const OMITTED: Keys = Keys {
    at: "tool.omitted",
    keys: &["clears", "keeps", "reason"],
    entries: &[],
};

/// `undocumented("address", ...)` in `#[tool]`.
pub const UNDOCUMENTED: Keys = Keys {
    at: "tool.undocumented",
    keys: &["value", "wire_type", "read_at", "reason"],
    entries: &[],
};

/// `effects(...)`: the four hints (`catalog_core::check::effects::Hint`), then `reason`.
pub const EFFECTS: Keys = Keys {
    at: "tool.effects",
    keys: &[
        "read_only",
        "destructive",
        "idempotent",
        "open_world",
        "reason",
    ],
    entries: &[],
};

/// `security(...)`.
pub const SECURITY: Keys = Keys {
    at: "tool.security",
    keys: &["none", "reason"],
    entries: &[],
};

/// `variant(...)`.
pub const VARIANT: Keys = Keys {
    at: "tool.variant",
    keys: &["whole", "reason"],
    entries: &[],
};

/// `output(...)`.
pub const OUTPUT: Keys = Keys {
    at: "tool.output",
    keys: &["status", "media_type", "text", "type", "reason"],
    entries: &[],
};

/// `#[arg(...)]` on a field of a `#[tool]` struct (every `#[arg]` of a field together).
pub const ARG: Keys = Keys {
    at: "arg",
    keys: &[
        "param",
        "rename",
        "null",
        "undocumented",
        "wire_type",
        "delimited",
        "values",
        "pattern",
        "family",
        "absent",
        "appends",
        "read_at",
        "reason",
    ],
    entries: &[],
};

/// `arg("address", ...)` in `#[tool]`: the overrides of a property below a parameter.
pub const TOOL_ARG: Keys = Keys {
    at: "tool.arg",
    keys: &[
        "wire_type",
        "delimited",
        "values",
        "pattern",
        "read_at",
        "reason",
    ],
    entries: &[],
};

/// `#[object(...)]` on a struct deriving `Object`.
pub const OBJECT: Keys = Keys {
    at: "object",
    keys: &["omitted"],
    entries: &["omitted"],
};

/// `omitted("name", ...)` in `#[object]`.
pub const OBJECT_OMITTED: Keys = Keys {
    at: "object.omitted",
    keys: &["reason"],
    entries: &[],
};

/// `#[composite(...)]`.
pub const COMPOSITE: Keys = Keys {
    at: "composite",
    keys: &["uses", "name", "output"],
    entries: &[],
};

/// Every list: what the test holds against the ui cases.
#[cfg(test)]
const ALL: &[&Keys] = &[
    &TOOL,
    &FIXED,
    &OMITTED,
    &UNDOCUMENTED,
    &EFFECTS,
    &FAILURE,
    &SECURITY,
    &VARIANT,
    &OUTPUT,
    &ARG,
    &TOOL_ARG,
    &OBJECT,
    &OBJECT_OMITTED,
    &COMPOSITE,
    &ACCEPT_DESCRIPTION,
    &CREDENTIAL,
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// Where a compile error starts, one character past the start of its line counting from 1:
    /// the attribute and keys whose parentheses hold it, joined by `.` (`tool.effects`),
    /// found by reading the source's tokens (strings and comments skipped) up to there.
    fn at(source: &str, line: usize, column: usize) -> String {
        let mut stack: Vec<String> = Vec::new();
        let mut chars = source
            .lines()
            .take(line)
            .enumerate()
            .flat_map(|(i, l)| {
                let end = if i + 1 == line {
                    column - 1
                } else {
                    usize::MAX
                };
                l.chars().take(end).chain((i + 1 < line).then_some('\n'))
            })
            .peekable();
        // The identifier just before, when nothing but spaces came after it.
        let mut ident = String::new();
        let mut last_ident = String::new();
        while let Some(c) = chars.next() {
            if c.is_alphanumeric() || c == '_' {
                ident.push(c);
                continue;
            }
            if !ident.is_empty() {
                last_ident = std::mem::take(&mut ident);
            }
            match c {
                '(' => stack.push(std::mem::take(&mut last_ident)),
                ')' => {
                    stack.pop();
                }
                '"' => {
                    while let Some(s) = chars.next() {
                        match s {
                            '\\' => {
                                chars.next();
                            }
                            '"' => break,
                            _ => {}
                        }
                    }
                }
                '/' if chars.peek() == Some(&'/') => {
                    for s in chars.by_ref() {
                        if s == '\n' {
                            break;
                        }
                    }
                }
                c if c.is_whitespace() => continue,
                _ => {}
            }
            last_ident.clear();
        }
        stack
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(".")
    }

    #[test]
    fn a_place_is_the_attribute_and_keys_that_hold_it() {
        let source = "//! a (comment\n\
                      #[catalog::tool(spec = \"a(\", effects(read_only = true, reason = \"x\"))]\n\
                      struct A { #[arg(rename = \"b\")] b: Option<String> }";
        let line2 = source.lines().nth(1).expect("two lines");
        let column = |needle: &str| line2.find(needle).expect(needle) + 1;
        assert_eq!(at(source, 2, column("spec")), "tool");
        assert_eq!(at(source, 2, column("read_only")), "tool.effects");
        assert_eq!(at(source, 2, column("reason")), "tool.effects");
        assert_eq!(at(source, 3, 18), "arg");
        assert_eq!(at(source, 3, 1), "");
    }

    /// Each `(place, key)` a ui case gives twice: every "`key` is given twice" error of the
    /// `.stderr` files under `tests/ui/`, placed where it starts in its `.rs`.
    fn given_twice(root: &Path) -> BTreeSet<(String, String)> {
        let mut found = BTreeSet::new();
        let dirs = std::fs::read_dir(root.join("tests/ui")).expect("tests/ui");
        let mut stderrs: Vec<PathBuf> = dirs
            .flat_map(|d| std::fs::read_dir(d.expect("a ui dir").path()).expect("a ui dir"))
            .map(|f| f.expect("a ui file").path())
            .filter(|p| p.extension().is_some_and(|e| e == "stderr"))
            .collect();
        stderrs.sort();
        for path in stderrs {
            let stderr = std::fs::read_to_string(&path).expect("a .stderr");
            let lines: Vec<&str> = stderr.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let Some(key) = line
                    .strip_prefix("error: `")
                    .and_then(|l| l.strip_suffix("` is given twice; keep one"))
                else {
                    continue;
                };
                let location = lines[i + 1].trim_start().strip_prefix("--> ").expect("-->");
                let mut parts = location.rsplitn(3, ':');
                let column: usize = parts.next().and_then(|c| c.parse().ok()).expect("column");
                let line: usize = parts.next().and_then(|l| l.parse().ok()).expect("line");
                let file = parts.next().expect("file");
                let source = std::fs::read_to_string(root.join(file)).expect("the case's .rs");
                found.insert((at(&source, line, column), key.to_string()));
            }
        }
        found
    }

    #[test]
    fn every_key_given_once_has_a_ui_case_that_gives_it_twice() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let found = given_twice(&root);
        let missing: Vec<String> = ALL
            .iter()
            .flat_map(|keys| {
                keys.keys
                    .iter()
                    .filter(|k| !keys.entries.contains(k))
                    .map(|k| (keys.at.to_string(), k.to_string()))
            })
            .filter(|place| !found.contains(place))
            .map(|(at, key)| format!("`{key}` in `{at}`"))
            .collect();
        assert!(
            missing.is_empty(),
            "no ui case gives these keys twice; add one to tests/ui/keys/ and pin its .stderr: \
             {}",
            missing.join(", ")
        );
    }

    #[test]
    fn every_list_is_one_place_and_its_entries_are_its_keys() {
        let places: BTreeSet<&str> = ALL.iter().map(|k| k.at).collect();
        assert_eq!(places.len(), ALL.len());
        for keys in ALL {
            for entry in keys.entries {
                assert!(keys.accepts(entry), "{entry} in {}", keys.at);
            }
        }
    }

    #[test]
    fn the_effects_keys_are_the_hints_then_reason() {
        let hints = catalog_core::check::effects::Hint::ALL.map(|h| h.as_str());
        assert_eq!(EFFECTS.keys[..hints.len()], hints);
        assert_eq!(EFFECTS.keys[hints.len()..], ["reason"]);
    }
}
