//! Runtime cost of one tool call: the `#[tool]`-emitted `from_arguments` + `to_request`,
//! against validating the same arguments with the `jsonschema` crate against the tool's own
//! emitted input schema + `serde_json` decoding into an equivalent plain serde struct (how
//! tools are checked without catalog).
//!
//! The fair baseline does the whole job too: `jsonschema` validation against the tool's own
//! schema, `serde_json::from_value` into a plain struct, and the same `http::Request` built by
//! hand (URI with percent-encoded path and query, the header, a `serde_json::to_vec` body).
//!
//! Run: `cargo bench --bench runtime`. Prints medians over many runs; see BENCHMARKS.md.
//! `CATALOG_BENCH_SMOKE=1` runs it once at a tiny size (CI does, so that it cannot rot).

use catalog::Tool;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The nested body object, as a user type.
#[derive(Debug, Deserialize, Serialize, catalog::Object)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    channels: Option<Vec<String>>,
}

/// Reply to a post: 12 arguments in every location (path, query incl. an array, header, JSON
/// body incl. a nested object and a nullable field).
#[catalog::tool(operation = "CreateReply", spec = "chat")]
pub struct CreateReply {
    team_id: String,
    post_id: i64,
    tags: Option<Vec<String>>,
    sort: Option<String>,
    per_page: Option<i64>,
    ratio: Option<f64>,
    x_request_id: Option<String>,
    message: String,
    root_id: Option<Option<String>>,
    filter: Option<Filter>,
    priority: Option<i64>,
    urgent: Option<bool>,
}

/// The same arguments as a plain serde struct: what the baseline decodes into.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Plain {
    team_id: String,
    post_id: i64,
    tags: Option<Vec<String>>,
    sort: Option<String>,
    per_page: Option<i64>,
    ratio: Option<f64>,
    #[serde(rename = "X-Request-Id")]
    x_request_id: Option<String>,
    message: String,
    #[serde(default, deserialize_with = "nullable")]
    root_id: Option<Option<String>>,
    filter: Option<Filter>,
    priority: Option<i64>,
    urgent: Option<bool>,
}

/// The JSON body the baseline serializes, borrowed from the decoded arguments.
#[derive(Serialize)]
struct PlainBody<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    root_id: &'a Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    filter: &'a Option<Filter>,
    #[serde(skip_serializing_if = "Option::is_none")]
    priority: &'a Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    urgent: &'a Option<bool>,
}

/// RFC 3986 unreserved characters stay; everything else is escaped (what the tool does).
const COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The request a hand-written tool builds from `Plain`: the same bytes the tool sends.
fn plain_request(p: &Plain) -> Result<http::Request<Vec<u8>>, http::Error> {
    use percent_encoding::utf8_percent_encode as enc;
    use std::fmt::Write as _;
    let mut uri = format!(
        "/api/v4/teams/{}/posts/{}/replies",
        enc(&p.team_id, COMPONENT),
        p.post_id
    );
    let mut sep = '?';
    let mut pair = |uri: &mut String, k: &str, v: &dyn std::fmt::Display| {
        let _ = write!(uri, "{sep}{k}={v}");
        sep = '&';
    };
    for t in p.tags.iter().flatten() {
        pair(&mut uri, "tags", &enc(t, COMPONENT));
    }
    if let Some(s) = &p.sort {
        pair(&mut uri, "sort", &enc(s, COMPONENT));
    }
    if let Some(n) = p.per_page {
        pair(&mut uri, "per_page", &n);
    }
    if let Some(r) = p.ratio {
        pair(&mut uri, "ratio", &r);
    }
    let body = serde_json::to_vec(&PlainBody {
        message: &p.message,
        root_id: &p.root_id,
        filter: &p.filter,
        priority: &p.priority,
        urgent: &p.urgent,
    })
    .unwrap_or_default();
    let mut req = http::Request::builder()
        .method(http::Method::POST)
        .uri(uri)
        .header(http::header::CONTENT_TYPE, "application/json");
    if let Some(id) = &p.x_request_id {
        req = req.header("x-request-id", id);
    }
    req.body(body)
}

/// The fair baseline: validate, decode, build the request.
fn baseline(validator: &jsonschema::Validator, v: Value) -> Option<http::Request<Vec<u8>>> {
    if !validator.is_valid(&v) {
        return None;
    }
    let plain = serde_json::from_value::<Plain>(v).ok()?;
    plain_request(&plain).ok()
}

/// Absent is `None`, null is `Some(None)`, as the tool keeps them apart.
fn nullable<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
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

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// One measured closure: it gets a fresh owned copy of the arguments per call (copies are made
/// before the clock starts) and returns something to keep alive until after the clock stops.
type Case<'a> = (&'a str, &'a mut dyn FnMut(Value) -> Box<dyn std::any::Any>);

/// Median per-call time of each case over `runs` runs, the cases timed in turn within each run
/// so that load on a shared machine hits them alike. A run times `CHUNKS` chunks of `CHUNK`
/// calls; each chunk's argument copies are made just before its clock starts (so they are as
/// warm in cache as arguments a server has just parsed) and its results dropped after it stops.
fn measure(runs: usize, args: &Value, cases: &mut [Case<'_>]) -> Vec<Duration> {
    const CHUNK: usize = 16;
    const CHUNKS: usize = 64;
    let mut samples = vec![Vec::with_capacity(runs); cases.len()];
    let mut kept: Vec<Box<dyn std::any::Any>> = Vec::with_capacity(CHUNK);
    for run in 0..=runs {
        for ((_, f), out) in cases.iter_mut().zip(samples.iter_mut()) {
            let mut total = Duration::ZERO;
            for _ in 0..CHUNKS {
                let inputs: Vec<Value> = (0..CHUNK).map(|_| args.clone()).collect();
                let start = Instant::now();
                for v in inputs {
                    kept.push(f(black_box(v)));
                }
                total += start.elapsed();
                kept.clear();
            }
            // The first run warms caches and is not kept.
            if run > 0 {
                out.push(total / (CHUNK * CHUNKS) as u32);
            }
        }
    }
    samples.into_iter().map(median).collect()
}

fn main() {
    let args = arguments();
    let schema: Value = match serde_json::from_str(CreateReply::INPUT_SCHEMA) {
        Ok(s) => s,
        Err(e) => panic!("the emitted schema does not parse: {e}"),
    };
    let validator = match jsonschema::validator_for(&schema) {
        Ok(v) => v,
        Err(e) => panic!("the emitted schema does not compile: {e}"),
    };

    // Both sides agree on the fixture before anything is timed.
    assert!(validator.is_valid(&args));
    assert!(serde_json::from_value::<Plain>(args.clone()).is_ok());
    let tool = match CreateReply::from_arguments(args.clone()) {
        Ok(t) => t,
        Err(e) => panic!("bench arguments do not decode: {e}"),
    };
    let request = match tool.to_request() {
        Ok(r) => r,
        Err(e) => panic!("bench request does not build: {e}"),
    };
    assert_eq!(
        request.uri().to_string(),
        "/api/v4/teams/8k3fj2nd9aqwe7rt5yu1io0pzx/posts/12345/replies?tags=red&tags=blue&sort=desc&per_page=50&ratio=0.25"
    );
    assert_eq!(request.headers()["x-request-id"], "req-7f3a");
    let body: Value = serde_json::from_slice(request.body()).unwrap_or_default();
    assert_eq!(body["filter"]["channels"][1], "deploys");
    assert_eq!(body["root_id"], Value::Null);

    // The baseline builds the very request the tool builds.
    let by_hand = match baseline(&validator, args.clone()) {
        Some(r) => r,
        None => panic!("the baseline refuses the bench arguments"),
    };
    assert_eq!(by_hand.uri(), request.uri());
    assert_eq!(
        by_hand.headers()["x-request-id"],
        request.headers()["x-request-id"]
    );
    assert_eq!(
        serde_json::from_slice::<Value>(by_hand.body()).ok(),
        serde_json::from_slice::<Value>(request.body()).ok()
    );

    let smoke = std::env::var_os("CATALOG_BENCH_SMOKE").is_some();
    let runs = if smoke { 1 } else { 201 };
    let mut cases: [Case<'_>; 9] = [
        ("catalog: from_arguments + to_request", &mut |v| {
            Box::new(CreateReply::from_arguments(v).map(|t| t.to_request()))
        }),
        ("baseline: jsonschema + from_value + request", &mut |v| {
            Box::new(baseline(&validator, v))
        }),
        ("jsonschema: is_valid + serde_json::from_value", &mut |v| {
            Box::new(
                validator
                    .is_valid(&v)
                    .then(|| serde_json::from_value::<Plain>(v)),
            )
        }),
        ("jsonschema: is_valid + Plain::deserialize(&v)", &mut |v| {
            Box::new(validator.is_valid(&v).then(|| Plain::deserialize(&v).ok()))
        }),
        ("  from_arguments", &mut |v| {
            Box::new(CreateReply::from_arguments(v))
        }),
        ("  to_request", &mut |v| Box::new((v, tool.to_request()))),
        ("  jsonschema is_valid", &mut |v| {
            Box::new(validator.is_valid(&v))
        }),
        ("  serde_json::from_value::<Plain>", &mut |v| {
            Box::new(serde_json::from_value::<Plain>(v))
        }),
        ("  nothing (copy handed in, dropped)", &mut |v| Box::new(v)),
    ];
    let t = measure(runs, &args, &mut cases);
    println!(
        "runtime bench: CreateReply, 12 arguments (2 path, 4 query incl. an array, 1 header, 5 body incl. a nested object); median ns per call over {runs} runs x 1024 calls"
    );
    let names = [
        "catalog: from_arguments + to_request",
        "baseline: jsonschema + from_value + request",
        "jsonschema: is_valid + serde_json::from_value",
        "jsonschema: is_valid + Plain::deserialize(&v)",
        "  from_arguments",
        "  to_request",
        "  jsonschema is_valid",
        "  serde_json::from_value::<Plain>",
        "  nothing (copy handed in, dropped)",
    ];
    for (name, d) in names.iter().zip(&t) {
        println!("  {name:<48} {:>7} ns", d.as_nanos());
    }
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!(
        "  {:<48} {:>7.2}",
        "ratio catalog / fair baseline (P4, target 0.8)",
        ratio(t[0], t[1])
    );
    println!(
        "  {:<48} {:>7.2}",
        "ratio catalog / jsonschema + from_value only",
        ratio(t[0], t[2])
    );
}
