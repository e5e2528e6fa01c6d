//! A normalized [`Operation`] as the index stores it and a tool carries it, with the spec it
//! came from ([`SpecInfo`]), what could not be normalized ([`Unsupported`]) and what was
//! degraded ([`Degradation`]).

use super::accounting::Accounted;
use super::param::{Body, Param};
use super::response::Response;
use super::schema::Schema;
use super::security::Requirement;
use super::skip_if::{is_default, is_false};
use super::unsupported::Unsupported;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Identity of the spec an operation came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecInfo {
    /// The spec file's stem (`mattermost-v4`), which `#[tool(spec = ...)]` names.
    pub stem: String,
    /// `info.title`.
    pub title: String,
    /// `info.version`.
    pub version: String,
    /// The document's `openapi` version string.
    pub openapi: String,
    /// A hash of the spec's bytes (16 hex digits; detects change, not tampering).
    pub hash: String,
    /// The text a null value is sent as in path, query, header, cookie and form values, as the
    /// API reads it (`"null"` for NetBox's filters), declared when the spec is indexed; `None`
    /// for the default (an empty value; refused in a path). A JSON body always sends `null`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null: Option<String>,
}

/// A normalized operation. In the index, `spec` is empty and `accounting` is empty; a tool's
/// [`Operation`] carries both.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Operation {
    /// `operationId`, when the spec gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// HTTP method, upper case.
    pub method: String,
    /// Path template, as the spec spells it (`/api/v4/posts/{post_id}`).
    pub path: String,
    /// JSON pointer to the operation object.
    pub pointer: String,
    /// `summary`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Whether the operation is deprecated.
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    /// Every parameter: path, query, header, cookie (path-level merged with operation-level, in
    /// spec order), then the top-level body fields (or the whole body).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// The request body, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Body>,
    /// Every documented response, in spec order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub responses: Vec<Response>,
    /// Why tools cannot wrap this operation, when they cannot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<Unsupported>,
    /// Where its schemas were not written out in full when it was expanded (a recursive
    /// reference, or the expansion budget reached), each once per schema and reason. Empty in
    /// the index's stored form, and for every operation whose schemas expand in full.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub degraded: Vec<Degradation>,
    /// The same for its response schemas, expanded under their own budget (so that a large
    /// response never cuts the input schema), with `at` naming the response
    /// (`response.200.application/json.items[]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub degraded_output: Vec<Degradation>,
    /// The spec the operation came from (filled in for a tool).
    #[serde(default, skip_serializing_if = "is_default")]
    pub spec: SpecInfo,
    /// The tool's accounting table (filled in for a tool), in parameter order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accounting: Vec<Accounted>,
    /// The security requirement (the operation's `security`, else the document's), each
    /// alternative with its schemes' definitions; empty when no credential is needed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub security: Vec<Requirement>,
    /// The operation's `tags`, in spec order: the groups its tools belong to unless a tool
    /// names its own (`catalog_runtime::tools::catalog::Catalog::in_groups`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Which 2xx bodies are failures ([`FailureRule`](super::failure::FailureRule)): empty in the
    /// index; a tool's carries the spec's discriminators and the rule it declares, set when
    /// it is checked ([`crate::check::failure`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failure: Vec<super::failure::FailureRule>,
}

/// A component schema stored once in the index and referenced by
/// [`Type::Shared`](super::Type::Shared).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SharedSchema {
    /// The `$ref` that names it (`#/components/schemas/Pet`).
    pub pointer: String,
    /// Its normalized form, in which the schemas it references are
    /// [`Type::Shared`](super::Type::Shared) too.
    pub schema: Schema,
}

/// Why part of an operation's schema was not written out in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DegradeReason {
    /// The schema contains itself (through `$ref`); its inner occurrence accepts any value.
    Recursive,
    /// Writing it out would pass the expansion budget (this many schema nodes per operation);
    /// it accepts any value and the server alone validates it.
    Budget(usize),
}

/// A place where an operation's schema was not written out in full: it accepts any JSON value
/// there, and its description says so. The `#[tool]` macro notes each one on the tool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Degradation {
    /// The first argument path where it happened (`body.spec.rules[].next`: `[]` steps into
    /// array items, `.anyOf[i]` into a union's arm); in a response schema, the response first
    /// (`response.200.application/json.items[].owner`).
    pub at: String,
    /// The `$ref` of the schema that was not written out (`#/components/schemas/Rule`).
    pub pointer: String,
    /// Why.
    pub reason: DegradeReason,
}

impl Degradation {
    /// The description the degraded part carries in the emitted input schema.
    pub fn description(&self) -> String {
        self.description_in("input")
    }

    /// The description the degraded part carries in the emitted `side` (`input`, `output`)
    /// schema.
    pub fn description_in(&self, side: &str) -> String {
        match self.reason {
            DegradeReason::Recursive => format!("recursive reference to `{}`", self.pointer),
            DegradeReason::Budget(budget) => format!(
                "`{}` is not written out here: the {side} schema reached its budget of {budget} \
                 schema nodes; any JSON value is accepted here{}",
                self.pointer,
                if side == "input" {
                    " and the server validates it"
                } else {
                    ""
                }
            ),
        }
    }
}

impl fmt::Display for Degradation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            DegradeReason::Recursive => write!(
                f,
                "`{}` accepts any JSON value: `{}` contains itself and is written out once",
                self.at, self.pointer
            ),
            DegradeReason::Budget(budget) => write!(
                f,
                "`{}` accepts any JSON value: writing out `{}` would pass the budget of {budget} \
                 schema nodes per operation{}",
                self.at,
                self.pointer,
                // Response schemas (`response.200...`) describe what the server sends.
                if self.at.starts_with("response.") {
                    ""
                } else {
                    "; the server validates it"
                }
            ),
        }
    }
}

impl Operation {
    /// `"METHOD /path"`, the name that identifies an operation even without an operationId.
    pub fn key(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// The operationId if any, else `"METHOD /path"`.
    pub fn display_name(&self) -> String {
        self.id.clone().unwrap_or_else(|| self.key())
    }

    /// The parameter at `address` (`"query.page"`, `"body"`).
    pub fn param(&self, address: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.is_at(address))
    }

    /// Whether tools can wrap this operation.
    pub fn is_supported(&self) -> bool {
        self.unsupported.is_empty()
    }
}

impl Operation {
    /// The documented response a live status falls under: its code, else its range, else
    /// `default`.
    pub fn response_for(&self, status: u16) -> Option<&Response> {
        self.responses
            .iter()
            .filter(|r| r.status.covers(status))
            .max_by_key(|r| r.status.specificity())
    }
}
