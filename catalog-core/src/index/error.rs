//! Why the macro could not get an operation out of an index.

use std::fmt;

/// Why the macro could not get an operation out of an index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexError {
    /// No index directory is configured: the crate has no build script calling
    /// `catalog::build::index`.
    NoIndex,
    /// The directory or its files could not be read.
    Unreadable(String),
    /// The crate indexed several specs and the tool did not say which.
    WhichSpec(Vec<String>),
    /// The tool named a spec the build script did not index.
    UnknownSpec {
        /// The name the tool used.
        name: String,
        /// The stems that were indexed.
        available: Vec<String>,
    },
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::NoIndex => f.write_str(
                "no OpenAPI index for this crate: add `catalog` to [build-dependencies] and a \
                 build.rs with\n    fn main() {\n        \
                 catalog::build::index(\"openapi/your-spec.json\").unwrap();\n    }",
            ),
            IndexError::Unreadable(why) => write!(f, "cannot read the OpenAPI index: {why}"),
            IndexError::WhichSpec(stems) => write!(
                f,
                "this crate indexes {} specs; say which with `spec = \"...\"`, one of: {}",
                stems.len(),
                stems.join(", ")
            ),
            IndexError::UnknownSpec { name, available } => write!(
                f,
                "no spec `{name}` is indexed; build.rs indexes: {}",
                available.join(", ")
            ),
        }
    }
}

impl std::error::Error for IndexError {}
