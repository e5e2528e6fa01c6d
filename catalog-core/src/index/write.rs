//! Writing the index files: the operations through the codec, the names sorted with their
//! slots, the shared schemas, and the directory file last.

use super::codec;
use super::layout::{FORMAT_TAG, SLOT};
use crate::model::{Operation, SharedSchema, SpecInfo};
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub(super) fn write_files(
    dir: &Path,
    spec: &SpecInfo,
    operations: &[Operation],
    shared: &[SharedSchema],
) -> std::io::Result<PathBuf> {
    {
        std::fs::create_dir_all(dir)?;
        let mut ops = Vec::with_capacity(operations.len() * 512);
        // (name, position in spec order, offset, length, key)
        let mut records: Vec<(String, usize, usize, usize, Rc<str>)> =
            Vec::with_capacity(operations.len() * 2);
        for (i, op) in operations.iter().enumerate() {
            let start = ops.len();
            codec::write_operation(&mut ops, op)?;
            let len = ops.len() - start;
            let key: Rc<str> = clean(op.key()).into();
            if let Some(id) = op.id.as_deref().filter(|id| !id.is_empty()) {
                records.push((clean(id.to_string()), i, start, len, key.clone()));
            }
            records.push((key.to_string(), i, start, len, key));
        }
        // Sorted by name, then spec order: equal names are adjacent and an ambiguous
        // operationId lists its operations in spec order.
        records.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut names = String::with_capacity(records.len() * (64 + SLOT));
        let mut slots = Vec::with_capacity(records.len() + 1);
        for (name, i, start, len, key) in &records {
            slots.push(names.len());
            // Formatting numbers with `push_str` of `to_string` is cheaper unoptimized than
            // `write!`.
            for part in [
                name.as_str(),
                "\t",
                &i.to_string(),
                "\t",
                &start.to_string(),
                "\t",
                &len.to_string(),
                "\t",
                key,
                "\n",
            ] {
                names.push_str(part);
            }
        }
        slots.push(names.len());
        let mut names = names.into_bytes();
        write_slots(&mut names, &slots)?;
        let mut schemas = Vec::with_capacity(shared.len() * 256);
        let mut schema_slots = Vec::with_capacity(shared.len() + 1);
        for s in shared {
            schema_slots.push(schemas.len());
            codec::write_shared(&mut schemas, s)?;
        }
        schema_slots.push(schemas.len());
        write_slots(&mut schemas, &schema_slots)?;
        let directory = format!(
            "{FORMAT_TAG}\n{} {} {} {} {} {}\n{}\n",
            operations.len(),
            records.len(),
            names.len(),
            ops.len(),
            shared.len(),
            schemas.len(),
            serde_json::to_string(spec).map_err(std::io::Error::other)?
        );
        let dir_file = dir.join(format!("{}.catalog-dir", spec.stem));
        // The directory file goes last: a reader that sees it sees the files it describes.
        std::fs::write(dir_file.with_extension("catalog-ops"), &ops)?;
        std::fs::write(dir_file.with_extension("catalog-names"), &names)?;
        std::fs::write(dir_file.with_extension("catalog-schemas"), &schemas)?;
        std::fs::write(&dir_file, directory)?;
        Ok(dir_file)
    }
}

// Appends one fixed-width slot per position: 12 hex digits and a newline.
fn write_slots(out: &mut Vec<u8>, positions: &[usize]) -> std::io::Result<()> {
    for pos in positions {
        if *pos as u64 >= 1 << (4 * (SLOT - 1)) {
            return Err(std::io::Error::other("catalog index too large"));
        }
        out.extend_from_slice(format!("{pos:0w$x}\n", w = SLOT - 1).as_bytes());
    }
    Ok(())
}

// Tabs and newlines in ids or paths would break the record format; real specs have none, and
// such an operation is still reachable by its other name.
pub(super) fn clean(s: String) -> String {
    if s.contains(['\t', '\n', '\r']) {
        s.replace(['\t', '\n', '\r'], " ")
    } else {
        s
    }
}
