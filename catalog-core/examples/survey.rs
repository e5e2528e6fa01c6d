use std::time::Instant;
fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for f in files {
        let t = Instant::now();
        let idx = catalog_core::index::Index::load(&f);
        let el = t.elapsed();
        match idx {
            Ok(idx) => {
                let uns: Vec<_> = idx
                    .operations
                    .iter()
                    .filter(|o| !o.is_supported())
                    .collect();
                println!(
                    "{:40} ops {:5} unsupported {:4} {:?}",
                    f.file_name().unwrap().to_string_lossy(),
                    idx.operations.len(),
                    uns.len(),
                    el
                );
                for o in uns.iter().take(3) {
                    println!("    {} {:?}", o.key(), o.unsupported[0]);
                }
                let dir = std::env::temp_dir().join("survey");
                let t = Instant::now();
                let p = idx.write(&dir).unwrap();
                println!(
                    "    write {:?} ops bytes {}",
                    t.elapsed(),
                    std::fs::metadata(p.with_extension("catalog-ops"))
                        .unwrap()
                        .len()
                );
            }
            Err(e) => println!("{:40} ERROR {e}", f.display()),
        }
    }
}
