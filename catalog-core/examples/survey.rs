fn main() {
    let f = std::env::args().nth(1).unwrap();
    let only: Vec<String> = std::env::args().skip(2).collect();
    let idx = catalog_core::index::Index::load(std::path::Path::new(&f)).unwrap();
    for op in &idx.operations {
        if !only.is_empty()
            && !only
                .iter()
                .any(|o| Some(o.as_str()) == op.id.as_deref() || *o == op.key())
        {
            continue;
        }
        println!(
            "// {} {} {:?} {}",
            op.key(),
            op.id.as_deref().unwrap_or("-"),
            op.summary,
            if op.is_supported() { "" } else { "UNSUPPORTED" }
        );
        for p in &op.params {
            let (a, b) = catalog_core::check::paste::paste_lines(op, p);
            println!("    {a:60} // {}", b);
        }
    }
}
