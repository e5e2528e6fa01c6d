//! Indexing NetBox's 12.9 MB spec: the median time of `catalog::build::index`'s work against
//! `serde_json::from_slice::<Value>` on the same bytes, in one run; the peak memory of indexing
//! once against that of parsing into a `Value` once (each in a fresh process); the index files'
//! sizes; and the macro-side reader loading one operation cold (a fresh process each time), for
//! NetBox's largest and smallest operations and a one-operation spec.
//!
//! `CATALOG_BENCH_SMOKE=1` (CI): one run of each, and one cold load per operation; the figures
//! mean nothing.
//!
//! ```sh
//! CATALOG_SPECS_DIR=../shared/specs cargo bench -p catalog-core --bench index                # release
//! CATALOG_SPECS_DIR=../shared/specs cargo bench -p catalog-core --bench index --profile dev  # opt-level 0
//! ```

use catalog_core::index::{Index, IndexReader, Lookup};
use catalog_core::spec::load::{self as spec, Format};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The whole of `catalog::build::index`'s work: read, parse, hash, normalize (each shared
/// schema once), write, free.
fn index_once(path: &Path, out: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let (info, normalized) = spec::parse_normalized(&bytes, Format::Json, "netbox-4.6.8").unwrap();
    normalized.write(&info, out).unwrap();
    normalized.operations.len()
}

/// Peak memory (VmHWM, KiB) of a fresh child process in `mode`, and before its work.
fn child_peak(me: &Path, mode: &str, args: &[&str]) -> (u64, u64) {
    let child = Command::new(me).arg(mode).args(args).output().unwrap();
    let text = String::from_utf8_lossy(&child.stdout);
    let mut it = text
        .split_whitespace()
        .map(|x| x.parse::<u64>().unwrap_or(0));
    (it.next().unwrap_or(0), it.next().unwrap_or(0))
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    match args.next().as_deref() {
        // Child modes, so that peak memory and cold reader loads are measured in fresh processes.
        Some("--peak") => {
            let path = PathBuf::from(args.next().unwrap());
            let out = PathBuf::from(args.next().unwrap());
            let before = peak_kib();
            index_once(&path, &out);
            println!("{before} {}", peak_kib());
            return;
        }
        Some("--peak-parse") => {
            let path = PathBuf::from(args.next().unwrap());
            let before = peak_kib();
            let bytes = std::fs::read(&path).unwrap();
            let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            drop((v, bytes));
            println!("{before} {}", peak_kib());
            return;
        }
        Some("--reader") => {
            let dir_file = PathBuf::from(args.next().unwrap());
            let op = args.next().unwrap();
            let started = Instant::now();
            let reader = IndexReader::open(&dir_file).unwrap();
            let found = matches!(reader.find(&op).unwrap(), Lookup::Found(_));
            let took = started.elapsed();
            assert!(found, "{op} not found");
            println!("{}", took.as_nanos());
            return;
        }
        _ => {}
    }
    let Some(dir) = std::env::var_os("CATALOG_SPECS_DIR") else {
        eprintln!("skipped: CATALOG_SPECS_DIR is not set");
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let netbox = dir.join("netbox-4.6.8.json");
    let bytes = std::fs::read(&netbox).unwrap();
    let out = std::env::temp_dir().join(format!("catalog-bench-{}", std::process::id()));
    // Optimized runs take a fraction of a second, where the shared machine's noise moves a median
    // of 7 by 10-20%; 21 cost as little as 7 unoptimized ones.
    let smoke = std::env::var_os("CATALOG_BENCH_SMOKE").is_some();
    let runs = if smoke {
        1
    } else if cfg!(debug_assertions) {
        7
    } else {
        21
    };
    let (mut parse, mut index) = (Vec::new(), Vec::new());
    let mut ops = 0;
    for _ in 0..runs {
        // Both sides include freeing what they built, so neither is charged for the other's
        // teardown.
        let t = Instant::now();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        drop(v);
        parse.push(t.elapsed());
        let t = Instant::now();
        ops = index_once(&netbox, &out);
        index.push(t.elapsed());
    }
    let (p, i) = (median(parse), median(index));
    println!(
        "netbox-4.6.8.json: {} bytes, {ops} operations, {runs} runs each, interleaved",
        bytes.len()
    );
    println!(
        "  serde_json::from_slice::<Value>   median {:8.1} ms",
        ms(p)
    );
    println!(
        "  catalog index (parse+normalize+write) median {:8.1} ms",
        ms(i)
    );
    println!(
        "  ratio index / parse                {:8.2}",
        i.as_secs_f64() / p.as_secs_f64()
    );

    let me = std::env::current_exe().unwrap();
    let (before, after) = child_peak(
        &me,
        "--peak",
        &[netbox.to_str().unwrap(), out.to_str().unwrap()],
    );
    let (_, parse_peak) = child_peak(&me, "--peak-parse", &[netbox.to_str().unwrap()]);
    println!(
        "  peak memory indexing once (VmHWM)  {:8.1} MiB (process before: {:.1} MiB; spec {:.1} MiB)",
        after as f64 / 1024.0,
        before as f64 / 1024.0,
        bytes.len() as f64 / 1048576.0
    );
    println!(
        "  peak memory parsing once to Value  {:8.1} MiB (ratio index / parse {:.2})",
        parse_peak as f64 / 1024.0,
        after as f64 / parse_peak.max(1) as f64
    );

    // The macro's side: open the directory and read one operation, cold, in a fresh process:
    // NetBox's largest and smallest operations (by their JSON in the index) and the only one of
    // a one-operation spec. The directory's part is the same for all three; the rest is parsing
    // the one operation, which grows with that operation and not with the spec.
    let netbox_index = Index::load(&netbox).unwrap();
    let size = |op: &catalog_core::model::Operation| serde_json::to_vec(op).map_or(0, |v| v.len());
    let by_size = |pick: fn(usize, usize) -> bool| {
        let mut best: Option<&catalog_core::model::Operation> = None;
        for op in &netbox_index.operations {
            if best.is_none_or(|b| pick(size(op), size(b))) {
                best = Some(op);
            }
        }
        best.map(|op| (op.display_name(), size(op)))
            .unwrap_or_default()
    };
    let largest = by_size(|a, b| a > b);
    let smallest = by_size(|a, b| a < b);
    let tiny = dir.join("progenitor-cli-gen.json");
    let tiny_out = out.join("tiny");
    let tiny_index = Index::load(&tiny).unwrap();
    let tiny_file = tiny_index.write(&tiny_out).unwrap();
    let tiny_op = (
        tiny_index.operations[0].key(),
        size(&tiny_index.operations[0]),
    );
    let netbox_file = out.join("netbox-4.6.8.catalog-dir");
    let file_len =
        |ext: &str| std::fs::metadata(netbox_file.with_extension(ext)).map_or(0, |m| m.len());
    println!(
        "  index files: catalog-dir {} B, catalog-names {} B, catalog-ops {} B, catalog-schemas {} B",
        file_len("catalog-dir"),
        file_len("catalog-names"),
        file_len("catalog-ops"),
        file_len("catalog-schemas")
    );
    for (spec, file, (op, op_size)) in [
        ("netbox-4.6.8", &netbox_file, largest),
        ("netbox-4.6.8", &netbox_file, smallest),
        ("progenitor-cli-gen", &tiny_file, tiny_op),
    ] {
        let samples: Vec<Duration> = (0..if smoke { 1 } else { 15 })
            .map(|_| {
                let o = Command::new(&me)
                    .args(["--reader", file.to_str().unwrap(), &op])
                    .output()
                    .unwrap();
                let n: u64 = String::from_utf8_lossy(&o.stdout)
                    .trim()
                    .parse()
                    .unwrap_or(0);
                Duration::from_nanos(n)
            })
            .collect();
        // The minimum too: the least disturbed sample, what the work itself costs.
        let least = samples.iter().min().copied().unwrap_or_default();
        println!(
            "  reader: load one operation, {:48} median {:6.2} ms (min {:5.2})",
            format!("{spec} {op} ({op_size} B)"),
            ms(median(samples)),
            ms(least)
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
