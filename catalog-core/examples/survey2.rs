use std::time::Instant;
fn main() {
    let f = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(&f).unwrap();
    let t = Instant::now();
    let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    println!("parse {:?}", t.elapsed());
    let t = Instant::now();
    let h = catalog_core::spec::content_hash(&bytes);
    println!("hash {:?} {h}", t.elapsed());
    let t = Instant::now();
    let ops = catalog_core::normalize::normalize(&v);
    println!("normalize {:?}", t.elapsed());
    let mut sizes: Vec<(usize, String)> = ops.iter().map(|o| (serde_json::to_string(o).unwrap().len(), o.key())).collect();
    sizes.sort(); sizes.reverse();
    for s in sizes.iter().take(5) { println!("{s:?}"); }
    let big = ops.iter().find(|o| o.key() == sizes[0].1).unwrap();
    let s = serde_json::to_string_pretty(big).unwrap();
    std::fs::write("/tmp/big.json", s).unwrap();
}
