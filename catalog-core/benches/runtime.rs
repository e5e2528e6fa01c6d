//! Runtime cost of one tool call: `check_arguments` + serde decoding + `build_request`, against
//! validating the same arguments with a hand-written equivalent JSON Schema (`jsonschema`,
//! validator built once) + the same serde decoding.
//!
//! Run: `cargo bench -p catalog-core --bench runtime`. Prints medians over many runs.

use catalog_core::{ArgValue, Operation, build_request, check_arguments};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The typed arguments, as the `#[tool]` macro would emit them.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Args {
    team_id: String,
    post_id: i64,
    tags: Option<Vec<String>>,
    sort: Option<String>,
    per_page: Option<i64>,
    ratio: Option<f64>,
    #[serde(rename = "X-Request-Id")]
    x_request_id: Option<String>,
    message: String,
    root_id: Option<Option<String>>,
    filter: Option<Filter>,
    priority: Option<i64>,
    urgent: Option<bool>,
}

#[derive(Deserialize, Serialize)]
struct Filter {
    name: String,
    level: Option<i64>,
    channels: Option<Vec<String>>,
}

fn operation() -> Operation {
    let set = |location: &str,
               name: &str,
               required: bool,
               schema: Value,
               style: &str,
               explode: bool| {
        json!({"param": {"location": location, "name": name, "required": required, "schema": schema,
                         "style": style, "explode": explode, "pointer": "#/p"},
               "disposition": "set", "argument": name, "field": name})
    };
    let filter = json!({"type": "object", "fields": [
        {"name": "name", "required": true, "schema": {"type": "string", "min_length": 1, "max_length": 64}},
        {"name": "level", "schema": {"type": "integer", "minimum": 0.0, "maximum": 10.0}},
        {"name": "channels", "schema": {"type": "array", "items": {"type": "string"}, "max_items": 50}}]});
    let rows = vec![
        set(
            "path",
            "team_id",
            true,
            json!({"type": "string", "min_length": 26, "max_length": 26}),
            "simple",
            false,
        ),
        set(
            "path",
            "post_id",
            true,
            json!({"type": "integer", "format": "int64", "minimum": 1.0}),
            "simple",
            false,
        ),
        set(
            "query",
            "tags",
            false,
            json!({"type": "array", "items": {"type": "string", "enum": ["red", "green", "blue"]}, "max_items": 10}),
            "form",
            true,
        ),
        set(
            "query",
            "sort",
            false,
            json!({"type": "string", "enum": ["asc", "desc"]}),
            "form",
            true,
        ),
        set(
            "query",
            "per_page",
            false,
            json!({"type": "integer", "minimum": 1.0, "maximum": 200.0}),
            "form",
            true,
        ),
        set(
            "query",
            "ratio",
            false,
            json!({"type": "number", "minimum": 0.0, "maximum": 1.0}),
            "form",
            true,
        ),
        set(
            "header",
            "X-Request-Id",
            false,
            json!({"type": "string", "max_length": 64}),
            "simple",
            false,
        ),
        set(
            "body",
            "message",
            true,
            json!({"type": "string", "max_length": 16383}),
            "simple",
            false,
        ),
        set(
            "body",
            "root_id",
            false,
            json!({"type": "string", "nullable": true}),
            "simple",
            false,
        ),
        set("body", "filter", false, filter, "simple", false),
        set(
            "body",
            "priority",
            false,
            json!({"type": "integer", "enum": [1, 2, 3]}),
            "simple",
            false,
        ),
        set(
            "body",
            "urgent",
            false,
            json!({"type": "boolean"}),
            "simple",
            false,
        ),
    ];
    let op = json!({"method": "POST", "path": "/api/v4/teams/{team_id}/posts/{post_id}/replies",
        "pointer": "#/op", "accounting": rows,
        "body": {"media_type": "application/json", "kind": "json", "required": true, "pointer": "#/b"}});
    match serde_json::from_value(op) {
        Ok(op) => op,
        Err(e) => panic!("bench fixture does not parse: {e}"),
    }
}

/// The same contract as a JSON Schema, written by hand.
fn schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["team_id", "post_id", "message"],
        "properties": {
            "team_id": {"type": "string", "minLength": 26, "maxLength": 26},
            "post_id": {"type": "integer", "minimum": 1},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["red", "green", "blue"]}, "maxItems": 10},
            "sort": {"type": "string", "enum": ["asc", "desc"]},
            "per_page": {"type": "integer", "minimum": 1, "maximum": 200},
            "ratio": {"type": "number", "minimum": 0, "maximum": 1},
            "X-Request-Id": {"type": "string", "maxLength": 64},
            "message": {"type": "string", "maxLength": 16383},
            "root_id": {"type": ["string", "null"]},
            "filter": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
                "name": {"type": "string", "minLength": 1, "maxLength": 64},
                "level": {"type": "integer", "minimum": 0, "maximum": 10},
                "channels": {"type": "array", "items": {"type": "string"}, "maxItems": 50}}},
            "priority": {"type": "integer", "enum": [1, 2, 3]},
            "urgent": {"type": "boolean"}
        }
    })
}

fn arguments() -> Value {
    json!({
        "team_id": "8k3fj2nd9aqwe7rt5yu1io0pzx",
        "post_id": 12345,
        "tags": ["red", "blue"],
        "sort": "desc",
        "per_page": 50,
        "ratio": 0.25,
        "X-Request-Id": "req-7f3a",
        "message": "Deploy finished: 3 services updated, 0 failed.",
        "root_id": null,
        "filter": {"name": "ops", "level": 3, "channels": ["town-square", "deploys"]},
        "priority": 2,
        "urgent": false
    })
}

/// What the emitted `to_request` does: each field to an [`ArgValue`], then `build_request`.
fn to_request(op: &Operation, a: &Args) -> http::Request<Vec<u8>> {
    match build_request(op, &arg_values(a)) {
        Ok(r) => r,
        Err(e) => panic!("bench request does not build: {e}"),
    }
}

fn arg_values(a: &Args) -> [(&'static str, ArgValue); 12] {
    fn opt<T: Serialize>(x: &Option<T>) -> ArgValue {
        ArgValue::from_option(x.as_ref().and_then(|v| serde_json::to_value(v).ok()))
    }
    [
        ("team_id", ArgValue::Value(Value::from(a.team_id.as_str()))),
        ("post_id", ArgValue::Value(Value::from(a.post_id))),
        ("tags", opt(&a.tags)),
        ("sort", opt(&a.sort)),
        ("per_page", opt(&a.per_page)),
        ("ratio", opt(&a.ratio)),
        ("X-Request-Id", opt(&a.x_request_id)),
        ("message", ArgValue::Value(Value::from(a.message.as_str()))),
        ("root_id", opt(&a.root_id)),
        ("filter", opt(&a.filter)),
        ("priority", opt(&a.priority)),
        ("urgent", opt(&a.urgent)),
    ]
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Median per-call time of each closure over `runs` runs of `batch` calls. The closures are
/// timed in turn within each run, so load on a shared machine hits them alike.
fn measure(runs: usize, batch: u32, fs: &mut [&mut dyn FnMut()]) -> Vec<Duration> {
    let mut samples = vec![Vec::with_capacity(runs); fs.len()];
    for run in 0..=runs {
        for (f, out) in fs.iter_mut().zip(samples.iter_mut()) {
            let start = Instant::now();
            for _ in 0..batch {
                f();
            }
            // The first run warms caches and is not kept.
            if run > 0 {
                out.push(start.elapsed() / batch);
            }
        }
    }
    samples.into_iter().map(median).collect()
}

fn main() {
    let op = operation();
    let args = arguments();
    let validator = match jsonschema::validator_for(&schema()) {
        Ok(v) => v,
        Err(e) => panic!("bench schema does not compile: {e}"),
    };

    // Both sides agree on the fixture before anything is timed.
    assert!(check_arguments(&op, &args).is_ok());
    assert!(validator.is_valid(&args));
    let typed = Args::deserialize(&args).ok();
    let uri = typed.map(|a| to_request(&op, &a).uri().to_string());
    assert_eq!(
        uri.as_deref(),
        Some(
            "/api/v4/teams/8k3fj2nd9aqwe7rt5yu1io0pzx/posts/12345/replies?tags=red&tags=blue&sort=desc&per_page=50&ratio=0.25"
        )
    );

    let (runs, batch) = (201, 1_000);
    let typed = match Args::deserialize(&args) {
        Ok(a) => a,
        Err(e) => panic!("bench arguments do not decode: {e}"),
    };
    let values = arg_values(&typed);
    let t = measure(
        runs,
        batch,
        &mut [
            &mut || {
                let args = black_box(&args);
                if check_arguments(&op, args).is_ok()
                    && let Ok(a) = Args::deserialize(args)
                {
                    black_box(to_request(&op, &a));
                }
            },
            &mut || {
                let args = black_box(&args);
                if validator.is_valid(args) {
                    black_box(Args::deserialize(args).is_ok());
                }
            },
            &mut || {
                black_box(check_arguments(black_box(&op), black_box(&args)).is_ok());
            },
            &mut || {
                black_box(validator.is_valid(black_box(&args)));
            },
            &mut || {
                black_box(Args::deserialize(black_box(&args)).is_ok());
            },
            &mut || {
                black_box(arg_values(black_box(&typed)));
            },
            &mut || {
                black_box(build_request(black_box(&op), black_box(&values)).is_ok());
            },
        ],
    );
    let rows = [
        ("catalog: check + decode + build_request", t[0]),
        ("jsonschema: is_valid + decode", t[1]),
        ("  check_arguments", t[2]),
        ("  jsonschema is_valid", t[3]),
        ("  serde decode into the tool struct", t[4]),
        ("  tool fields -> ArgValues", t[5]),
        ("  build_request", t[6]),
    ];
    println!(
        "runtime bench: 12 arguments (2 path, 4 query incl. array, 1 header, 5 body incl. nested object); median ns per call over {runs} runs x {batch} calls"
    );
    for (name, d) in rows {
        println!("  {name:<42} {:>7} ns", d.as_nanos());
    }
    println!(
        "  {:<42} {:>7.2}",
        "ratio catalog / jsonschema",
        t[0].as_secs_f64() / t[1].as_secs_f64()
    );
    println!(
        "  {:<42} {:>7.2}",
        "ratio check_arguments / jsonschema is_valid",
        t[2].as_secs_f64() / t[3].as_secs_f64()
    );
}
