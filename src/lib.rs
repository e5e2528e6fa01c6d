//! `catalog`: AI-agent tools whose match with the REST API they wrap is proven by the compiler.
//!
//! See the README for the tour; `catalog_core` documents the data side and `#[tool]` the macro.
//!
//! # Command line
//!
//! The `cli` feature builds the `catalog` binary (libraries that leave it off pay nothing):
//!
//! - `catalog check <spec>` lists every operation and whether a tool can wrap it (else the
//!   reason and its JSON pointer), then `N operations: N ok, N unsupported`. It exits 1 only
//!   when the document cannot be used at all (unreadable, not JSON/YAML, Swagger 2.0, another
//!   OpenAPI version), with the reason on stderr; 2 on a usage error.
//! - `catalog scaffold <spec> <operation>` (an operationId or `"METHOD /path"`) prints a
//!   `#[tool]` that compiles as printed: every parameter is a field (optional ones `Option`),
//!   and each optional one has a commented `omitted(...)` line whose placeholder reason the
//!   macro rejects until it is replaced. An unknown name gets a did-you-mean; an operationId
//!   several operations share lists their `METHOD /path` names. The text comes from
//!   [`scaffold::scaffold`].
//!
//! # Serving tools
//!
//! With the default features, a tool crate is an MCP server over stdio in a few lines:
//!
//! ```ignore
//! use catalog::{Catalog, executor::{Executor, ExecutorConfig}, mcp::McpServer};
//!
//! let catalog = Catalog::new().tool::<ListTasks>().tool::<GetTask>();
//! let executor = Executor::new(
//!     ExecutorConfig::new("https://api.example.com/v1")
//!         .auth_header("X-Api-Key", std::env::var("API_KEY")?)
//!         .with_catalog_env()?, // CATALOG_ALLOW_WRITES, CATALOG_MAX_RESPONSE_BYTES, CATALOG_TIMEOUT_SECS
//! )?;
//! McpServer::new(catalog, executor).serve_stdio().await?;
//! ```
//!
//! # Features
//!
//! - `runtime` (default): the HTTP executor ([`executor`]) on reqwest with rustls, and
//!   [`Catalog::call`].
//! - `mcp` (default, implies `runtime`): [`mcp::McpServer`], on rmcp.
//! - `cli`: the `catalog` command-line binary.
//!
//! A build script only indexes specs, so it needs none of them: depend on `catalog` there with
//! `default-features = false` and no HTTP stack is compiled for it:
//!
//! ```toml
//! [dependencies]
//! catalog = "0.1"
//!
//! [build-dependencies]
//! catalog = { version = "0.1", default-features = false }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use catalog_core::*;
pub use catalog_macros::{Object, StringEnum, tool};

#[doc(hidden)]
pub use catalog_core::tool::__private;
