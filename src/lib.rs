//! `catalog`: AI-agent tools whose match with the REST API they wrap is proven by the compiler.
//!
//! See the README for the tour; `catalog_core` documents the data side and `#[tool]` the macro.
//!
//! # Command line
//!
//! The `cli` feature builds the `catalog` binary (libraries that leave it off pay nothing):
//!
//! - `catalog check <spec>` lists every operation and whether a tool can wrap it (else the
//!   reason and its JSON pointer) with the response that is its output (else why it cannot be
//!   typed), then the outputs counted and `N operations: N ok, N unsupported`. It exits 1 only
//!   when the document cannot be used at all (unreadable, not JSON/YAML, Swagger 2.0, another
//!   OpenAPI version), with the reason on stderr; 2 on a usage error.
//! - `catalog scaffold <spec> <operation>` (an operationId or `"METHOD /path"`) prints a
//!   `#[tool]` that compiles as printed: every parameter is a field (optional ones `Option`),
//!   and each optional one has a commented `omitted(...)` line whose placeholder reason the
//!   macro rejects until it is replaced. An unknown name gets a did-you-mean; an operationId
//!   several operations share lists their `METHOD /path` names. The text comes from
//!   `catalog_core::present::scaffold::scaffold`.
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
//! - `runtime` (default): the HTTP executor ([`executor`]) on hyper with rustls, and
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

// What a tool author writes: the attribute, the derives, and the traits they implement.
pub use catalog_core::present::output::Wrap;
pub use catalog_macros::{Object, StringEnum, composite, tool};
#[cfg(feature = "runtime")]
pub use catalog_runtime::tools::composite::output::{CompositeOutput, property_schema};
#[cfg(feature = "runtime")]
pub use catalog_runtime::tools::composite::{Api, Composite, Reply, ToolError, UsedBy};
pub use catalog_runtime::tools::tool::{
    Object, OutputArm, OutputError, StringEnum, Tool, ToolOutput,
};

// What a server calls, and what it gets back.
pub use catalog_runtime::tools::catalog::{CallError, Catalog, ToolInfo};
pub use catalog_runtime::wire::decode::{ArgumentError, Problem, ProblemKind};
pub use catalog_runtime::wire::encode::{RequestError, RequestErrorKind};
pub use catalog_runtime::wire::file::File;
pub use catalog_runtime::wire::nullable::Nullable;
pub use catalog_runtime::wire::or_empty::OrEmpty;

/// The normalized operation a tool wraps, as the index stores it and [`Tool::operation`] returns
/// it: its parameters, body, responses and schemas, and the tool's accounting of every
/// parameter.
///
/// The types users only read (`Schema`, `Type`, `Field`, `Body`, `PartEncoding`, `Response`,
/// `Content`, `ResponseHeader`, `StatusKey`, `Style`, `Unsupported`, `SharedSchema`,
/// `DegradeReason`) are `#[non_exhaustive]`: match them with a `_` arm and destructure with `..`.
pub mod model {
    pub use catalog_core::model::{
        Accounted, Body, BodyKind, Content, Degradation, DegradeReason, Disposition, Field,
        Location, Operation, Overridden, Param, PartEncoding, Response, ResponseHeader, Schema,
        SharedSchema, SpecInfo, StatusKey, Style, Type, Unsupported,
    };
}

/// Indexing a spec from a build script: `catalog::build::index("openapi/api.yaml")`.
pub mod build {
    pub use catalog_core::spec::build::{BuildError, Indexed, Spec, index, index_to};
}

/// The index a build script writes, for tools (recorder, coverage) that read a spec's operations.
pub mod index {
    pub use catalog_core::index::{Index, IndexError, Lookup};
}

/// The HTTP executor that sends a tool's request (feature `runtime`).
#[cfg(feature = "runtime")]
pub mod executor {
    pub use catalog_runtime::config::settings::{
        DEFAULT_ATTEMPTS, ENV_NO_RETRY, ENV_RETRIES, MAX_ATTEMPTS,
    };
    pub use catalog_runtime::outbound::executor::retry::{BACKOFF_BASE, BACKOFF_CAP};
    pub use catalog_runtime::outbound::executor::{
        ApiResponse, ConfigError, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT, ENV_ALLOW_WRITES,
        ENV_MAX_RESPONSE_BYTES, ENV_TIMEOUT_SECS, ExecuteError, Executor, ExecutorConfig,
        ProbeError, RetryPolicy, Writes,
    };
    pub use catalog_runtime::wire::bounded::Bounded;
}

/// Upstream credentials by the spec's `securitySchemes` (feature `runtime`).
#[cfg(feature = "runtime")]
pub mod credentials {
    pub use catalog_core::spec::security::{Requirement, SchemeKind, SchemeUse};
    pub use catalog_runtime::outbound::credentials::{
        Caller, Credential, CredentialFuture, CredentialSource, DEFAULT_TOKEN_LIFETIME, PerUser,
        REFRESH_MARGIN, Refusal, env_name,
    };

    /// OAuth 2.0 Token Exchange (RFC 8693) of the caller's token for the API's.
    pub mod exchange {
        pub use catalog_runtime::outbound::exchange::{
            ACCESS_TOKEN_TYPE, DEFAULT_SKEW, ENV_TOKEN_EXCHANGE_AUDIENCE,
            ENV_TOKEN_EXCHANGE_CLIENT_ID, ENV_TOKEN_EXCHANGE_CLIENT_SECRET,
            ENV_TOKEN_EXCHANGE_RESOURCE, ENV_TOKEN_EXCHANGE_SCOPE, ENV_TOKEN_EXCHANGE_SKEW_SECS,
            ENV_TOKEN_EXCHANGE_URL, GRANT_TYPE, TokenExchange,
        };
    }
}

/// What a tool does to the API's data: MCP annotations from the method, and per-tool
/// declarations (`#[tool(semantics = "merge", effects(..))]`).
pub mod effects {
    pub use catalog_runtime::tools::effects::{Effects, Hints, Semantics, hints, safe_method};
}

/// The MCP server over stdio and Streamable HTTP (feature `mcp`).
#[cfg(feature = "mcp")]
pub mod mcp {
    pub use catalog_core::present::output_budget::DEFAULT_OUTPUT_SCHEMA_BYTES;
    pub use catalog_runtime::config::settings::{
        DEFAULT_SHUTDOWN_GRACE, ENV_MAX_IN_FLIGHT, ENV_MAX_LINE_BYTES, ENV_MAX_PENDING,
        ENV_SHUTDOWN_GRACE, VariableError,
    };
    pub use catalog_runtime::inbound::mcp::{
        Budget, DEFAULT_LIST_TTL, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_LINE_BYTES,
        DEFAULT_MAX_PENDING, Limits, McpServer, OverBudget, ServeError,
    };
    pub use catalog_runtime::inbound::results::result::{ATTEMPTS_KEY, META_KEY};
    pub use catalog_runtime::inbound::results::result_size::{
        BYTES_PER_TOKEN, DEFAULT_MAX_RESULT_TOKENS, ENV_MAX_RESULT_TOKENS, ENV_OUTPUT_SCHEMAS,
        ENV_RESULT_FORM, MIN_RESULT_TOKENS, ResultCaps, ResultForm,
    };
    pub use catalog_runtime::inbound::transport::shutdown::signal as shutdown_signal;

    /// Which tools a server offers: groups, names and patterns, read-only mode.
    pub mod selection {
        pub use catalog_runtime::inbound::access::selection::{
            ALL, ENV_EXCLUDE_TOOLS, ENV_READ_ONLY, ENV_TOOLS, ENV_TOOLSETS, HEADER_READ_ONLY,
            HEADER_TOOLS, HEADER_TOOLSETS, Selection, SelectionError, groups, matches,
        };
    }

    /// The audit trail: one JSON record per tool call (`CATALOG_AUDIT`).
    pub mod audit {
        pub use catalog_runtime::observe::audit_log::{
            AuditArguments, AuditLog, ENV_AUDIT, ENV_AUDIT_ARGUMENTS, REDACTED,
        };
    }

    /// Confirmation of destructive calls by MCP elicitation.
    pub mod confirm {
        pub use catalog_runtime::inbound::access::confirm::{
            CONFIRM_INPUT, Confirm, Confirmation, ENV_CONFIRM, ENV_CONFIRM_FALLBACK, Fallback,
        };
    }

    /// Streamable HTTP serving: [`McpServer::serve_http`] and its configuration.
    pub mod http {
        pub use catalog_runtime::inbound::transport::http::health::{
            PROBE_TIMEOUT, PROBE_TTL, SPEC_MAX_BYTES, SPEC_TIMEOUT, SPEC_TTL,
        };
        pub use catalog_runtime::inbound::transport::http::{
            DEFAULT_MAX_REQUESTS, ENV_HTTP_ALLOWED_HOSTS, ENV_HTTP_ALLOWED_ORIGINS,
            ENV_HTTP_AUTHORIZATION_SERVERS, ENV_HTTP_CLIENT_SELECTION, ENV_HTTP_MAX_REQUESTS,
            ENV_HTTP_METRICS, ENV_HTTP_PUBLIC_URL, ENV_HTTP_SESSIONS, ENV_HTTP_SHUTDOWN_DELAY,
            ENV_READY_SPEC_PATH, ENV_READY_STATUS_PATH, ENV_READY_VERSION_FIELD, HEALTHZ_PATH,
            HttpConfig, MAX_SHUTDOWN_DELAY, MCP_PATH, METADATA_PATH, METRICS_PATH, READYZ_PATH,
            bind,
        };
    }

    /// The `OTEL_*` variables a server reads to export its call spans over OTLP (feature
    /// `otel`; without it an endpoint set is said on stderr at start-up).
    pub mod otel {
        pub use catalog_runtime::observe::otel::{
            ENV_ENDPOINT, ENV_HEADERS, ENV_PROTOCOL, ENV_RESOURCE_ATTRIBUTES, ENV_SDK_DISABLED,
            ENV_SERVICE_NAME, ENV_TRACES_ENDPOINT, ENV_TRACES_HEADERS, ENV_TRACES_PROTOCOL,
            SETTINGS,
        };
    }

    /// Inbound authorization for HTTP: the [`TokenVerifier`](auth::TokenVerifier) hook.
    pub mod auth {
        pub use catalog_runtime::inbound::access::auth::{
            ENV_HTTP_TOKEN, Identity, Refused, StaticToken, TokenVerifier, Verdict, bearer,
        };
    }
}

/// Checking that every request a tool sends reaches the operation it declares.
pub mod recorder {
    pub use catalog_runtime::audit::recorder::{
        ENV_RECORD, Recorder, Report, ResponseMismatch, ToolCalls, Undeclared,
    };
    pub use catalog_runtime::wire::observe::RequestObserver;
}

/// Which operations are wrapped by which tool, pinned for review; spec version checks.
pub mod coverage {
    pub use catalog_runtime::audit::coverage::{
        Coverage, HashMismatch, VersionMismatch, VersionWarning, assert_pinned, compare_hash,
        compare_version, coverage, pin, version_from_status,
    };
}

/// Probing a catalog for values accepted and then dropped, at every depth: each string property
/// the input schema offers must reach the request, each closed object's undeclared key and each
/// nested read-only property must be refused.
pub mod dropped {
    pub use catalog_runtime::probe::dropped::{Report, probe};
}

/// Probing a catalog for parameters smuggled through an argument's keys.
pub mod smuggling {
    pub use catalog_runtime::probe::smuggling::{Report, probe};
}

/// The capability projection of input schemas (the catalog's `projection` option).
pub mod projection {
    pub use catalog_core::present::projection::{
        AnnotationError, CAPABILITIES_KEY, Rules, project,
    };
    pub use catalog_runtime::tools::catalog::ProjectionSettingError as SettingError;
}

/// Glue for the code `#[tool]` and the derives emit. Not a public API: it changes without notice,
/// and its name changes with every release that changes it.
#[doc(hidden)]
pub use catalog_runtime::tools::tool::__private as __private_v1;

/// Glue for the `#[composite]` expansion. Not a public API: it changes without notice.
#[doc(hidden)]
#[cfg(feature = "runtime")]
pub mod __composite_v1 {
    pub use catalog_core::model::Operation;
    pub use catalog_runtime::tools::composite::__private::*;
    pub use catalog_runtime::tools::composite::output::Output;
    pub use catalog_runtime::tools::composite::{ArgType, Argument, arguments_table, guard_method};
    pub use catalog_runtime::tools::composite::{Reads, Unfilled};
    pub use serde_json::Value;
}
