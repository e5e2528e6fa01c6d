//! The constants of the index files' layout the writer and the reader share (described in the
//! [module documentation](super)).

/// The first line of a directory file: the format the files are written in.
pub(super) const FORMAT_TAG: &str = "catalog-index 3";
/// Bytes per slot of the names file: 12 hex digits and a newline.
pub(super) const SLOT: usize = 13;
