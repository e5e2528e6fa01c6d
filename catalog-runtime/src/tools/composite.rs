//! Composite tools: one tool an agent calls that makes several requests, each through a
//! `#[tool]` binding it declares.
//!
//! ```ignore
//! /// Post a message to a channel named by its team's and its own name.
//! #[catalog::composite(uses(GetChannelByName, CreatePost(omitted("reply_to", reason = "..."))))]
//! pub struct PostToChannelByName { pub team: String, pub channel: String, pub message: String }
//!
//! #[catalog::composite]
//! impl PostToChannelByName {
//!     async fn run(self, api: catalog::Api<'_, Self>) -> Result<Value, catalog::ToolError> {
//!         let channel = api.call(GetChannelByName { team_name: self.team, channel_name: self.channel }).await?;
//!         let id = catalog::ToolError::field(&channel, "id")?;
//!         api.call(CreatePost { channel_id: id, message: self.message, reply_to: None }).await
//!     }
//! }
//! ```
//!
//! Decisions (docs/composite-tools.md):
//! - **Every request goes through a binding**, a `#[tool]` accounted like any other. The
//!   composite declares its bindings (`uses(...)`), and [`Api::call`] is bounded by
//!   `B: UsedBy<C>`, which the attribute implements for each declared binding alone: calling
//!   one it did not declare does not compile.
//! - **A binding is listed to agents only when the catalog adds it as a tool too**
//!   ([`Catalog::composite`](crate::tools::catalog::Catalog::composite) keeps the others
//!   unlisted): listing is the catalog's choice, not the type's.
//! - **Effects are the strongest of the bindings'**: read-only only when every binding only
//!   reads; destructive, non-idempotent or open-world when any binding is. No merge or
//!   full-replace semantics is claimed: a read-modify-write over a full-replace PUT keeps what
//!   it does not send, so the PUT's would misstate it. The writes guard
//!   checks the composite once, by its own name, before anything is sent: enabling a
//!   composite enables the requests it makes.
//! - **The recorder sees each request under its binding's name**, checked against the
//!   binding's operation, and counts each binding in `never_called`.
//! - **A binding's fields the composite does not fill are declared** (`omitted`, `fixed`,
//!   `passed` in `uses(...)`), shown in the description, and each request is checked against
//!   them before it is sent; **every argument is read by `run`** ([`Reads`]).
//! - **The composite's own arguments** are decoded as a tool's are (unknown names with a
//!   suggestion, required ones, types), against a table of its fields.

use crate::outbound::executor::{ApiResponse, Executor};
use crate::tools::call_error::CallError;
pub use crate::tools::call_error::ToolError;
use crate::tools::catalog::tool_info::ToolInfo;
use crate::tools::effects::{Effects, hints, strongest};
use crate::tools::tool::Tool;
use crate::wire::decode::ArgumentError;
use catalog_core::model::{Accounted, Disposition, Location, Operation, Param, Schema, Type};
use serde_json::{Map, Value};
use std::fmt;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;

pub mod output;
#[cfg(feature = "mcp")]
pub mod result;
pub mod rmw;

/// Implemented by `#[composite(uses(...))]` on each binding the composite `C` declares: the
/// bound of [`Api::call`], so that calling an operation the composite did not declare does not
/// compile. (On the binding, not the composite: with one declared binding, a bound on the
/// composite would let the compiler infer the call's type from it and report a type mismatch
/// instead of this message.)
#[diagnostic::on_unimplemented(
    message = "the composite `{C}` calls `{Self}`, which it does not declare",
    label = "`{Self}` is not in `#[composite(uses(...))]` of `{C}`",
    note = "add `{Self}` to `uses(...)`: every operation a composite calls is declared, accounted and recorded"
)]
pub trait UsedBy<C: ?Sized>: Tool {
    /// The composite's tool name.
    const COMPOSITE: &'static str = "";
    /// The fields of this binding the composite leaves unset or fixes, with why
    /// (`uses(B(omitted("f", reason = "..."), fixed("f", value = v, reason = "...")))`). Every
    /// other field it fills: a request that leaves one unset is refused before it is sent.
    const UNFILLED: &'static [Unfilled] = &[];
    /// The fields the composite passes an optional argument of its own to (`passed("page")`):
    /// unset when the agent leaves that argument out.
    const PASSED: &'static [&'static str] = &[];
}

pub use catalog_core::check::composite::Unfilled;

/// The arguments a composite's `run` reads (`self.field`), written by `#[composite]` on the
/// `impl` with `run`; the struct's `#[composite]` checks that every argument is among them.
#[diagnostic::on_unimplemented(
    message = "the composite `{Self}` has no `#[catalog::composite]` on the `impl` with its `run`",
    label = "`run` is not checked",
    note = "add `#[catalog::composite]` above `impl {Self} {{ async fn run(...) ... }}`: it checks that `run` reads every argument"
)]
pub trait Reads {
    /// Each field `run` reads as `self.field`.
    const READ: &'static [&'static str];
}

/// A binding field a composite can leave unset (`omitted`, `passed`): an `Option`.
#[diagnostic::on_unimplemented(
    message = "a field typed `{Self}` is never unset: only an `Option` field of a binding can be `omitted` or `passed`",
    label = "the binding requires this field",
    note = "fill it in `run`, or declare it `fixed(\"field\", value = v, reason = \"...\")` when it is always one value"
)]
pub trait Unsettable {}

impl<T> Unsettable for Option<T> {}
use catalog_core::check::composite::{Filled, unfilled_findings};

// The request `binding` as the composite declared it, or a `ToolError` naming every difference.
fn as_declared<C: ?Sized, B: UsedBy<C>>(binding: &B, filled: Filled) -> Result<(), ToolError> {
    let Some(given) = binding.__given() else {
        return Ok(());
    };
    let findings = unfilled_findings(
        B::COMPOSITE,
        B::NAME,
        B::UNFILLED,
        B::PASSED,
        &given,
        filled,
    );
    if findings.is_empty() {
        Ok(())
    } else {
        Err(ToolError::message(format!(
            "nothing was sent: {}",
            findings.join("; ")
        )))
    }
}

/// A composite tool: its own arguments, the bindings it uses, and an `async fn` that calls
/// them. Implemented by `#[composite]`, which calls the struct's own `async fn run(self, api)`.
pub trait Composite: Sized + Send + 'static {
    /// The MCP tool name (snake_case of the struct's name unless `name = "..."`).
    const NAME: &'static str;
    /// What the agent is told: the struct's doc comment.
    const DESCRIPTION: &'static str;
    /// What the agent is told: the doc comment, then what each binding's fields it leaves
    /// unset or fixes, and why (`#[composite]` writes it from `uses(...)`).
    fn description() -> &'static str {
        Self::DESCRIPTION
    }
    /// Each binding it uses, in the order `uses(...)` lists them.
    fn uses() -> &'static [ToolInfo];
    /// Its own arguments as an accounting table (every row Set, in a body): what decoding
    /// and the input schema read. Its method is the strongest binding's.
    fn arguments() -> &'static Operation;
    /// The MCP `inputSchema`.
    fn input_schema() -> &'static Value;
    /// The input schema as JSON text.
    fn input_schema_json() -> &'static str;
    /// Decodes an agent's arguments strictly, as a tool's are.
    fn from_arguments(args: Value) -> Result<Self, ArgumentError>;
    /// Its declared output (`#[composite(..., output = T)]`): the `outputSchema` and how its
    /// value becomes `structuredContent`; `None` (no `output`): its value is text only.
    fn output() -> Option<output::Output> {
        None
    }
    /// Runs the composite (the struct's own `run`).
    #[doc(hidden)]
    fn __run(self, api: Api<'_, Self>) -> impl Future<Output = Result<Value, ToolError>> + Send;
}

/// What a composite's calls go through: only the bindings it declares ([`UsedBy`]), each sent by
/// the executor under the binding's name, by the call's deadline.
pub struct Api<'a, C: ?Sized> {
    executor: &'a Executor,
    deadline: std::time::Instant,
    composite: PhantomData<fn() -> C>,
}

impl<C: ?Sized> fmt::Debug for Api<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Api")
            .field("composite", &std::any::type_name::<C>())
            .finish_non_exhaustive()
    }
}

/// A binding's answer, whatever its status: the JSON body (the text as a string when it is not
/// JSON, `null` when empty) and the `ETag`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The binding's tool name.
    pub binding: &'static str,
    /// The HTTP status.
    pub status: u16,
    /// The `ETag` header, verbatim.
    pub etag: Option<String>,
    /// The body.
    pub body: Value,
}

impl Reply {
    /// Whether the status is 2xx.
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The reply as a value, or [`ToolError::Status`] when the status is not 2xx.
    pub fn success(self) -> Result<Value, ToolError> {
        if self.is_success() {
            Ok(self.body)
        } else {
            Err(ToolError::Status {
                binding: self.binding,
                status: self.status,
                body: self.body,
            })
        }
    }
}

impl<'a, C: ?Sized> Api<'a, C> {
    /// An `Api` sending through `executor`, answered by `deadline`.
    pub fn new(executor: &'a Executor, deadline: std::time::Instant) -> Self {
        Api {
            executor,
            deadline,
            composite: PhantomData,
        }
    }

    /// Sends the binding's request and gives its body when the API answered 2xx, else
    /// [`ToolError::Status`] with the status and body; a 2xx whose body says the call failed
    /// (a failure rule of the binding) is [`ToolError::Refused`].
    pub async fn call<B>(&self, binding: B) -> Result<Value, ToolError>
    where
        B: UsedBy<C>,
    {
        let failure = &B::operation().failure;
        success(self.send(binding).await?, failure)
    }

    /// Sends the binding's request and gives the answer whatever its status, for a composite
    /// that reads the status or the `ETag` itself.
    pub async fn send<B>(&self, binding: B) -> Result<Reply, ToolError>
    where
        B: UsedBy<C>,
    {
        as_declared::<C, B>(&binding, Filled::ByComposite)?;
        self.send_checked(binding).await
    }

    async fn send_checked<B>(&self, binding: B) -> Result<Reply, ToolError>
    where
        B: UsedBy<C>,
    {
        let op = B::operation();
        let request = binding.to_request().map_err(|e| ToolError::Call {
            binding: B::NAME,
            error: Box::new(CallError::Request(e)),
        })?;
        let response = self
            .executor
            .send_call(
                crate::outbound::executor::Call {
                    tool: B::NAME,
                    security: &op.security,
                    accounting: &op.accounting,
                    idempotent: hints(&op.method, &B::EFFECTS).idempotent,
                    deadline: self.deadline,
                },
                request,
            )
            .await
            .map_err(|e| ToolError::Call {
                binding: B::NAME,
                error: Box::new(CallError::Execute(e)),
            })?;
        reply_of(B::NAME, &response)
    }

    /// Read-modify-write: reads the record with `get`, and writes it back with `put`, a
    /// full replace, keeping every field the agent does not change. The `put` binding's
    /// arguments are the record's values for every argument it has, then `keys` (its path
    /// parameters, say), then `changes` (the agent's fields); an `If-Match` argument gets the
    /// `ETag` of the read when the API sent one. A 412 answer is [`ToolError::Changed`]:
    /// nothing was written, and the agent is told to call again.
    pub async fn read_modify_write<G, P>(
        &self,
        get: G,
        keys: Value,
        changes: Value,
    ) -> Result<Value, ToolError>
    where
        G: UsedBy<C>,
        P: UsedBy<C>,
    {
        let read = self.send(get).await?;
        let etag = read.etag.clone();
        let record = success(read, &G::operation().failure)?;
        let args = rmw::replacement(P::input_schema(), &record, keys, changes, etag.as_deref());
        let put = P::from_arguments(args).map_err(|e| ToolError::Binding {
            binding: P::NAME,
            error: e,
        })?;
        as_declared::<C, P>(&put, Filled::FromRecord)?;
        let written = self.send_checked(put).await?;
        if written.status == 412 {
            return Err(ToolError::Changed {
                read: G::NAME,
                write: P::NAME,
            });
        }
        success(written, &P::operation().failure)
    }
}

// The reply of a binding's answer: JSON when it is, the text otherwise; an answer cut by the
// response cap is an error (a composite cannot work on part of a record).
// The reply as a value: [`Reply::success`], and a 2xx whose body a failure rule of the binding
// matches is [`ToolError::Refused`], as the binding's own tool would report it.
fn success(reply: Reply, failure: &[catalog_core::model::FailureRule]) -> Result<Value, ToolError> {
    if reply.is_success()
        && let Some(failed) = catalog_core::model::failure_in(failure, &reply.body)
    {
        return Err(ToolError::Refused {
            binding: reply.binding,
            error: failed.error,
            rule: failed.rule.describe(),
        });
    }
    reply.success()
}

fn reply_of(binding: &'static str, response: &ApiResponse) -> Result<Reply, ToolError> {
    use crate::wire::bounded::Bounded;
    let body = match &response.body {
        Bounded::Whole(bytes) if bytes.is_empty() => Value::Null,
        Bounded::Whole(_) => match response.body_text() {
            Some(text) => serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.into())),
            None => Value::Null,
        },
        Bounded::Items { .. } | Bounded::Cut(_) | Bounded::TooLarge { .. } => {
            return Err(ToolError::TooLarge {
                binding,
                max_bytes: response.max_bytes,
            });
        }
    };
    Ok(Reply {
        binding,
        status: response.status.as_u16(),
        etag: response.etag().map(str::to_string),
        body,
    })
}

/// The method a composite's writes guard names: the first binding's that writes, else GET.
pub fn guard_method(uses: &[ToolInfo]) -> &'static str {
    uses.iter()
        .find(|u| !u.read_only())
        .map_or("GET", |u| leak_method(&u.operation.method))
}

fn leak_method(method: &str) -> &'static str {
    match method.to_ascii_uppercase().as_str() {
        "GET" => "GET",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "HEAD" => "HEAD",
        "OPTIONS" => "OPTIONS",
        _ => "POST",
    }
}

/// The schema of a composite's argument of a Rust type: implemented for the types a composite
/// field may have (`String`, `bool`, the integers, `f64`, `catalog::File`, `serde_json::Value`,
/// `Vec<T>`, `Option<T>`).
#[diagnostic::on_unimplemented(
    message = "a composite's argument cannot be typed `{Self}`",
    label = "no input schema is known for this type",
    note = "type it `String`, `bool`, an integer, `f64`, `catalog::File`, `serde_json::Value`, or a `Vec`/`Option` of one"
)]
pub trait ArgType {
    /// The argument's schema.
    fn schema() -> Schema;
    /// Whether the agent may leave it out (`Option`).
    const OPTIONAL: bool = false;
}

fn string() -> Schema {
    Schema::new(Type::String {
        format: None,
        enumeration: None,
        pattern: None,
        min_length: None,
        max_length: None,
    })
}

// An integer of `format` (which bounds it when decoding), with any further bounds.
fn integer(format: &str, minimum: Option<f64>, maximum: Option<f64>) -> Schema {
    Schema::new(Type::Integer {
        format: Some(format.into()),
        minimum,
        maximum,
        enumeration: None,
    })
}

impl ArgType for String {
    fn schema() -> Schema {
        string()
    }
}

impl ArgType for bool {
    fn schema() -> Schema {
        Schema::new(Type::boolean())
    }
}

impl ArgType for i64 {
    fn schema() -> Schema {
        integer("int64", None, None)
    }
}

impl ArgType for i32 {
    fn schema() -> Schema {
        integer("int32", None, None)
    }
}

impl ArgType for u32 {
    fn schema() -> Schema {
        integer("int64", Some(0.0), Some(u32::MAX.into()))
    }
}

impl ArgType for u64 {
    fn schema() -> Schema {
        integer("int64", Some(0.0), None)
    }
}

impl ArgType for f64 {
    fn schema() -> Schema {
        Schema::new(Type::Number {
            format: Some("double".into()),
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        })
    }
}

impl ArgType for crate::wire::file::File {
    fn schema() -> Schema {
        Schema::new(Type::File)
    }
}

impl ArgType for Value {
    fn schema() -> Schema {
        Schema::any()
    }
}

impl<T: ArgType> ArgType for Vec<T> {
    fn schema() -> Schema {
        Schema::new(Type::Array {
            items: Box::new(T::schema()),
            min_items: None,
            max_items: None,
        })
    }
}

impl<T: ArgType> ArgType for Option<T> {
    fn schema() -> Schema {
        T::schema()
    }
    const OPTIONAL: bool = true;
}

/// One argument of a composite, as `#[composite]` describes it.
#[derive(Clone, Copy, Debug)]
pub struct Argument {
    /// The name the agent uses.
    pub name: &'static str,
    /// The Rust field.
    pub field: &'static str,
    /// The field's doc comment.
    pub doc: &'static str,
    /// Its schema.
    pub schema: fn() -> Schema,
    /// Whether it may be left out.
    pub optional: bool,
}

/// The accounting table of a composite's own arguments, for decoding and the input schema:
/// every row Set, in a body, under the method the writes guard names.
pub fn arguments_table(name: &str, doc: &str, method: &str, args: &[Argument]) -> Operation {
    Operation {
        id: Some(name.to_string()),
        method: method.to_string(),
        path: format!("composite:{name}"),
        pointer: String::new(),
        summary: None,
        description: (!doc.is_empty()).then(|| doc.to_string()),
        deprecated: false,
        params: Vec::new(),
        body: None,
        responses: Vec::new(),
        unsupported: Vec::new(),
        degraded: Vec::new(),
        degraded_output: Vec::new(),
        spec: Default::default(),
        tags: Vec::new(),
        failure: Vec::new(),
        accounting: args
            .iter()
            .map(|a| {
                let mut schema = (a.schema)();
                if !a.doc.trim().is_empty() {
                    schema.description = Some(a.doc.trim().to_string());
                }
                Accounted {
                    param: Param {
                        location: Location::Body,
                        name: a.name.to_string(),
                        required: !a.optional,
                        deprecated: false,
                        description: None,
                        schema,
                        style: catalog_core::model::Style::Form,
                        explode: true,
                        pointer: String::new(),
                    },
                    disposition: Disposition::Set {
                        argument: a.name.to_string(),
                        field: a.field.to_string(),
                    },
                    null: None,
                    overridden: None,
                    absent: None,
                    appends: false,
                    below: Vec::new(),
                }
            })
            .collect(),
        security: Vec::new(),
    }
}

/// The effects a composite's table carries: the strongest hints, stated.
pub fn effects_of(uses: &[ToolInfo]) -> Effects {
    let h = strongest(uses.iter().map(ToolInfo::hints));
    Effects {
        semantics: h.semantics,
        read_only: Some(h.read_only),
        destructive: Some(h.destructive),
        idempotent: Some(h.idempotent),
        open_world: Some(h.open_world),
        reason: Some("the strongest effect of the operations the composite uses"),
    }
}

/// A type-erased run of a composite.
pub(crate) type Run =
    for<'a> fn(
        Value,
        &'a Executor,
        std::time::Instant,
    ) -> Pin<Box<dyn Future<Output = Result<Value, CallError>> + Send + 'a>>;

pub(crate) fn run<C: Composite>(
    args: Value,
    executor: &Executor,
    deadline: std::time::Instant,
) -> Pin<Box<dyn Future<Output = Result<Value, CallError>> + Send + '_>> {
    Box::pin(async move {
        let composite = C::from_arguments(args).map_err(CallError::Arguments)?;
        composite
            .__run(Api::new(executor, deadline))
            .await
            .map_err(CallError::Composite)
    })
}

/// Glue for the `#[composite]` expansion. Not a public API.
#[doc(hidden)]
pub mod __private {
    use super::*;

    /// Decodes one argument after the table's checks passed.
    pub fn take<T: serde::de::DeserializeOwned + ArgType>(
        map: &mut Map<String, Value>,
        name: &str,
    ) -> Result<T, ArgumentError> {
        let value = match map.remove(name) {
            Some(v) => v,
            None if T::OPTIONAL => Value::Null,
            None => {
                return Err(ArgumentError::other(
                    crate::wire::decode::json_path([crate::wire::decode::Step::Key(name)]),
                    format!("`{name}` is required"),
                ));
            }
        };
        serde_json::from_value(value).map_err(|e| {
            ArgumentError::other(
                crate::wire::decode::json_path([crate::wire::decode::Step::Key(name)]),
                e.to_string(),
            )
        })
    }

    /// The composite's arguments checked against its table, as an object.
    pub fn checked(op: &Operation, args: Value) -> Result<Map<String, Value>, ArgumentError> {
        crate::wire::decode::check_arguments(op, &args)?;
        match args {
            Value::Object(map) => Ok(map),
            _ => Err(ArgumentError::other("$", "arguments must be a JSON object")),
        }
    }

    /// Each binding's info, once.
    pub fn info<T: Tool>() -> ToolInfo {
        crate::tools::catalog::tool_info::info_of::<T>()
    }

    pub use catalog_core::present::schema::{input_schema, json_text};

    /// Whether `name` is in `read` (at compile time).
    pub const fn reads(read: &[&str], name: &str) -> bool {
        let mut i = 0;
        while i < read.len() {
            let (a, b) = (read[i].as_bytes(), name.as_bytes());
            if a.len() == b.len() {
                let mut j = 0;
                while j < a.len() && a[j] == b[j] {
                    j += 1;
                }
                if j == a.len() {
                    return true;
                }
            }
            i += 1;
        }
        false
    }

    /// Compiles only for a field that can be unset (an `Option`).
    pub fn unsettable<T: super::Unsettable>(_: &T) {}

    /// The description: the doc comment, then the bindings' accounting when there is any.
    pub fn description(doc: &str, bindings: &[(&str, &[super::Unfilled])]) -> String {
        let accounting = catalog_core::check::composite::accounting_text(bindings);
        if accounting.is_empty() {
            doc.to_string()
        } else {
            format!("{doc}\n\n{accounting}")
        }
    }
}

#[cfg(test)]
mod tests;
