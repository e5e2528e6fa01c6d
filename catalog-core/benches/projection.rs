//! Projection over a whole real OpenAPI document, against a plain clone of it.
//!
//! Run with `CATALOG_SPECS_DIR=../shared/specs cargo bench -p catalog-core --bench projection` (a
//! relative directory is the workspace's).
//! It loads `netbox-4.6.8.json`, annotates every `EVERY`-th optional property of
//! `components.schemas` (alternately one the capabilities match and one they do not), then times
//! `project` and `Value::clone` interleaved, `RUNS` times each, and prints both medians and
//! their ratio. There are no assertions on time: the figures go to BENCHMARKS.md.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use catalog_core::present::projection::{Rules, project};
use serde_json::{Value, json};

const SPEC: &str = "netbox-4.6.8.json";
const EXT: &str = "x-applies-when";
const EVERY: usize = 20;
const WARMUP: usize = 3;
const RUNS: usize = 41;

/// `CATALOG_BENCH_SMOKE=1` (CI): one run, no warm-up; the figures mean nothing.
fn runs() -> (usize, usize) {
    if std::env::var_os("CATALOG_BENCH_SMOKE").is_some() {
        (0, 1)
    } else {
        (WARMUP, RUNS)
    }
}

fn main() {
    let Some(dir) = std::env::var_os("CATALOG_SPECS_DIR") else {
        println!(
            "projection bench skipped: CATALOG_SPECS_DIR is not set (the directory holding {SPEC})"
        );
        return;
    };
    // A relative directory is the workspace's (as `.ci/run` and the index bench take it); a
    // spec that is not there is a failure, not a skipped bench.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(&dir)
        .join(SPEC);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) => panic!(
            "projection bench: cannot read {} (CATALOG_SPECS_DIR={}): {error}",
            path.display(),
            Path::new(&dir).display()
        ),
    };
    let mut document: Value = serde_json::from_slice(&bytes).expect("the spec is JSON");
    let pristine = document.clone();
    let (annotated, not_applying) = annotate(&mut document);

    let rules = Rules::new(EXT).list("delivery_types", "media_buy.supported_delivery_types");
    let capabilities = json!({"media_buy": {"supported_delivery_types": ["non_guaranteed"]}});

    let projected = project(&document, &capabilities, &rules);
    let removed = count_properties(&document) - count_properties(&projected);
    assert_eq!(
        removed, not_applying,
        "every non-applying annotated property goes"
    );
    drop(projected);

    let (warmup, runs) = runs();
    let mut clone_times = Vec::with_capacity(runs);
    let mut project_times = Vec::with_capacity(runs);
    let mut walk_times = Vec::with_capacity(runs);
    for run in 0..warmup + runs {
        // Interleaved so that machine noise hits both alike; results are dropped outside the
        // timed region because the clone's drop is not part of what either costs a caller.
        let start = Instant::now();
        let cloned = black_box(black_box(&document).clone());
        let clone_time = start.elapsed();
        drop(cloned);

        let start = Instant::now();
        let projected = black_box(project(black_box(&document), &capabilities, &rules));
        let project_time = start.elapsed();
        drop(projected);

        // The unannotated document: nothing is removed, so this is the read alone.
        let start = Instant::now();
        let walked = black_box(project(black_box(&pristine), &capabilities, &rules));
        let walk_time = start.elapsed();
        drop(walked);

        if run >= warmup {
            clone_times.push(clone_time);
            project_times.push(project_time);
            walk_times.push(walk_time);
        }
    }
    let clone = median(&mut clone_times);
    let projection = median(&mut project_times);
    let walk = median(&mut walk_times);
    println!("document: {SPEC} ({} bytes)", bytes.len());
    println!(
        "annotated: {annotated} optional properties of components.schemas (every {EVERY}th), {removed} removed"
    );
    println!("runs: {runs} each, interleaved, after {warmup} warm-up runs");
    println!("median Value::clone: {:.3} ms", ms(clone));
    println!("median project:      {:.3} ms", ms(projection));
    println!(
        "median project, unannotated document (nothing removed): {:.3} ms",
        ms(walk)
    );
    println!(
        "ratio project/clone: {:.3}",
        projection.as_secs_f64() / clone.as_secs_f64()
    );
}

/// Annotates every `EVERY`-th optional property (in document order), alternating between an
/// annotation the capabilities match and one they do not. Returns (annotated, not applying).
fn annotate(document: &mut Value) -> (usize, usize) {
    let mut seen = 0;
    let mut annotated = 0;
    let mut not_applying = 0;
    let Some(schemas) = document
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return (0, 0);
    };
    for schema in schemas.values_mut() {
        let required: Vec<String> = schema["required"]
            .as_array()
            .map(|names| {
                names
                    .iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
            continue;
        };
        for (name, property) in properties.iter_mut() {
            if required.contains(name) {
                continue;
            }
            seen += 1;
            if seen % EVERY != 0 {
                continue;
            }
            let Some(property) = property.as_object_mut() else {
                continue;
            };
            let applies = annotated % 2 == 1;
            let delivery = if applies {
                "non_guaranteed"
            } else {
                "guaranteed"
            };
            property.insert(EXT.to_owned(), json!({"delivery_types": [delivery]}));
            annotated += 1;
            not_applying += usize::from(!applies);
        }
    }
    (annotated, not_applying)
}

/// Properties declared directly by the schemas of `components.schemas`.
fn count_properties(document: &Value) -> usize {
    document
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .map_or(0, |schemas| {
            schemas
                .values()
                .filter_map(|s| s.get("properties").and_then(Value::as_object))
                .map(|p| p.len())
                .sum()
        })
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
