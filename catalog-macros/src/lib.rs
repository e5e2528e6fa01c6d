//! The `#[tool]` attribute and the `StringEnum` and `Object` derives of `catalog`. Use them
//! through the `catalog` crate, which re-exports them with the reference below.
//!
//! The shape of serde_derive and thiserror: the input is parsed once into an IR that keeps the
//! user's tokens (`ast`), checked by a list of named rules about its Rust syntax and by core:
//! `catalog_core::check::declaration::check_declaration`, then
//! `catalog_core::check::tool::check_tool` (`check`), and emitted (`emit`, `user_types`); every error
//! is collected in a `Ctxt` that must be consumed, and on any error the expansion is the errors,
//! the user's item and a stub impl (`fallback`).

mod arg_attr;
mod ast;
mod attr;
mod attr_keys;
mod attr_value;
mod bound_checks;
mod check;
mod composite;
mod composite_run;
mod composite_uses;
mod ctxt;
mod derive;
mod effects;
mod emit;
mod expand;
#[cfg(test)]
mod expanded;
mod failure;
mod fallback;
mod file_check;
mod key;
mod literal;
mod nested_types;
mod output;
mod pins;
mod sites;
mod slot;
mod user_types;

use proc_macro::TokenStream;

/// Checks a struct against one operation of an OpenAPI document and implements
/// `catalog::Tool` for it.
///
/// Every parameter of the operation must be accounted for, exactly once: **Set** by a field,
/// **Fixed** to a constant, **Omitted**, or, for a parameter the server reads though the spec
/// leaves it out, **Undocumented**. Anything else fails the build with a message that says the
/// fix and gives the line to paste.
///
/// ```ignore
/// /// Post a message to a channel.
/// #[catalog::tool(
///     operation = "CreatePost",
///     fixed("query.set_online", value = false,
///           reason = "an agent is not a person at the keyboard; posting must not mark the user online"),
///     omitted("body.file_ids", reason = "uploads need the file tool first; a post made here has no attachments"),
/// )]
/// pub struct CreatePost {
///     pub channel_id: String,
///     pub message: String,
///     #[arg(param = "body.root_id", rename = "reply_to")]
///     pub reply_to: Option<String>,
/// }
/// ```
///
/// # `#[tool(...)]` keys
///
/// | key | meaning |
/// |---|---|
/// | `operation = "..."` | **Required.** The operation: its `operationId` (`"CreatePost"`), or `"METHOD /path"` (`"POST /api/v4/posts"`), which an operationId shared by several operations needs. |
/// | `spec = "..."` | The spec, by the file stem given to `catalog::build::index` (`"mattermost-v4"` for `openapi/mattermost-v4.json`). Needed only when the crate indexes several specs. |
/// | `name = "..."` | The MCP tool name, instead of the one derived from the operation (see below). |
/// | `former_names = ["old_name", ...]` | Names the tool answered to before a rename: a call by one reaches this tool, and so do `CATALOG_TOOLS` and `CATALOG_EXCLUDE_TOOLS` (by exact name); `tools/list` shows the current name only. Settings that compare names as written (`CATALOG_ALLOW_WRITES`, `CATALOG_CONFIRM`, `CATALOG_NO_RETRY`) refuse a former name at start-up with the name to write. Each must be a name a client could call, not the tool's own, listed once; two tools answering to one name is a panic when the catalog is built. |
/// | `fixed("<address>", value = <literal>, reason = "...")` | The parameter is always sent with this value; the agent cannot set it. `value` is a Rust literal read as JSON: `true`, `10`, `-1.5`, `"text"`, `null`, `[1, 2]`. It must fit the parameter's schema. |
/// | `omitted("<address or glob>", reason = "...")` | The parameter is never sent; an agent that sends it is refused with the reason. A glob (`"query.*__n"`, `*` is any run of characters) omits every matching parameter nothing else accounts for (fields, Fixed and exact Omitted win; an earlier glob wins over a later one). Required and path parameters cannot be omitted; a glob that covers nothing, or matches a required parameter, is an error. What a glob covers is pinned in the crate's `catalog.lock` (written by the first build): a spec change that moves it fails the build naming each parameter until `CATALOG_PINS=accept cargo build`; `CATALOG_PINS=check` (CI) writes nothing and fails on a missing or out-of-date pin. |
/// | `omitted("body.<name>", clears, reason = "...")` | On a full replace (a PUT, or `semantics = "full-replace"`): the tool cannot send this body property, so every call clears it on the server. Required for each body property such a tool omits; a glob over such a body is an error (it would clear what a later release adds, unseen). See `docs/accounting.md`. |
/// | `omitted("body.<name>", keeps, reason = "...")` | On a full replace: the tool cannot send this body property, and the server keeps it when a call leaves it out (no `clears`). On a merge, `clears` instead says the server clears it anyway. Either on a write without semantics, outside the body or beside the other is an error. See `docs/accounting.md`, "Semantics per property". |
/// | `undocumented("<address>", read_at = "...", reason = "..." [, value = <literal>])` | A parameter the spec does not document but the server reads: `read_at` says where (file and function), `value` is sent always when given. The agent cannot set it; for one the agent sets, use a field with `#[arg(undocumented, ...)]`. Below a body property (`"body.data.attributes.source"`, `[]` and `{}` as for `fixed`), a property its object does not declare: the `value` is written into every object of its place; or, with `wire_type = "<scalar>"` in place of `value`, the struct standing for the object sets it (the property is declared there, of that type). |
/// | `arg("body.<name>.<property>", wire_type = "...", read_at = "...", reason = "...")` | The `#[arg]` overrides of a property inside a body property's value, by its address (`[]` for each element of an array, `{}` for each value of a map): `wire_type` (a scalar type), or `values = [...]` or `pattern = "..."`, with the rules a field's have. The type the server reads replaces the spec's at the address: the struct standing for the object is checked against it, and the input schema and the decoding follow it; the rustdoc table shows what the spec said. `json` and `delimited` are for a parameter of its own; a read-only property, or a parameter itself (override it on its field), is an error. |
/// | `semantics = "merge"` or `"full-replace"` | What a write does to the fields it does not send: `"merge"` (only what is sent changes) on a PUT that merges, or `"full-replace"` (every body field left out is cleared) on a PATCH or POST that replaces. The description words it for the agent. No reason needed: it states a fact about the API. Giving the method's own (`full-replace` on a PUT, `merge` on a PATCH), or `semantics` on a GET, HEAD, OPTIONS or DELETE, is an error. |
/// | `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")` | Overrides the MCP tool annotations the method implies (GET, HEAD and OPTIONS read; PUT and DELETE are destructive and idempotent; POST and PATCH write). At least one of the four `bool` keys, and a reason saying why the API does not do what the method implies. An override equal to the default is an error. A `read_only` tool passes the writes guard. |
/// | `output = T` | The type the output response is read as (see *Outputs*). |
/// | `output(status = "...", [media_type = "...",] [type = T,] reason = "...")` | The response the tool returns as structured content, where the operation has several (success statuses, or JSON media types). `media_type` only when that status has several JSON ones. |
/// | `output(text, reason = "...")` | No structured content: the output is the response as text. |
/// | `variant = N` | The arm (0-based) of a union (`oneOf`/`anyOf`) request body the tool sends; the tool is accounted as if the body were that arm. Required over a union body. |
/// | `variant = "NewTask"` | The same arm by name: a `$ref` arm's component name, a discriminator mapping key that maps to it, or its `title`. |
/// | `variant(whole, reason = "...")` | Send the whole union as one `body` argument (`serde_json::Value` or a type of the user's), validated against the union's schema; the reason says what is lost by not accounting the arms' properties. |
/// | `aliases(former = "current", ...)` | Former argument names of a renamed API (NetBox 4's `device_role` is `role`): a former name is still refused, and the refusal says ``did you mean `current`?``. Each must point at an argument of the tool and not be one. |
/// | `failure(field = "...", equals = <literal>, reason = "...")` | A 2xx answer whose body's top-level `field` is `equals` is a tool error (`isError: true`) carrying the API's error text (the body's `error`, else `message`, else the body), for an API that answers failures with a 2xx (`{"ok": false, "error": "channel_not_found"}`). `field` must be a property a 2xx JSON body of the operation declares, `equals` a value of its type. Where the spec declares the discriminator itself (`ok: {"type": "boolean", "enum": [true]}` or `const: true`), the rule is the spec's and needs no declaration (declaring it is an error). The description and rustdoc state the rule; an error so reported is never retried. |
/// | `check = Self::rule` | A value rule the schema cannot carry: a `fn(&Self) -> Result<(), String>` run after strict decoding and before the request is built; its `Err` message is the agent's argument error (at `$`) and nothing is sent. Another signature does not compile. |
/// | `accept_description("<pointer>", reason = "...")` | A spec text the description lint flags (docs/deploying.md, "Description lint": invisible or bidi characters, an instruction to the model, an HTML comment or active markup, a `javascript:` URL, past 8,192 characters), shown to the model as written; the pointer is the one the error quotes. Without it such a text is a compile error at the tool (or the field); a doc comment on the struct or field replaces the tool's or the argument's description instead. An accept with no finding at its pointer is an error. |
/// | `security = "<scheme>"` | Send only the alternatives of the operation's security requirement that use this scheme (one the operation lists). |
/// | `security(none, reason = "...")` | Send no credential (a gateway adds it). Required when every alternative needs a scheme catalog cannot send (OAuth2 authorization code, OpenID Connect, ...). |
///
/// An **address** is `"<location>.<wire name>"`, location one of `path`, `query`, `header`,
/// `cookie`, `body` (`"query.page"`, `"body.channel_id"`); a body that is not an object is
/// `"body"`. Each key is given once; a key given twice is an error over both.
///
/// # Reasons
///
/// Every `fixed`, `omitted` and `undocumented` needs `reason = "..."`: what a user of the tool
/// loses, and why that is right. A reviewer reads it in the tool's docs, and an agent reads it
/// when it sends an Omitted argument. Rejected: an empty reason, one under 20 characters, the
/// scaffold's placeholder, and one that only says the parameter is not needed, used, required or
/// relevant, in any words ("This parameter is not needed by us.").
///
/// A list tool (a `GET` returning an array or a paginated envelope) that omits or fixes every
/// paging parameter (`page`, `per_page`, `limit`, `offset`, `cursor`, `next`, ...) gives an agent
/// one page: one of those reasons must say how an agent reaches the rest, or why one page is all
/// it needs (`"only the first page of 20: an agent narrows with status instead"`). The tool's
/// description then tells the agent the result is one page.
///
/// # Fields and `#[arg(...)]`
///
/// Each field sets one parameter. By default the field's name finds it: the parameter's wire
/// name as written or in snake_case (`page_num` sets `pageNum`, `r#type` sets `type`), in any
/// location; a name found in two locations must say which. The agent's argument is the wire
/// name. `#[arg(...)]` on a field changes that:
///
/// | key | meaning |
/// |---|---|
/// | `param = "<address>"` | The parameter this field sets, whatever the field's name. |
/// | `rename = "..."` | The argument name the agent uses (and the input schema shows), instead of the wire name. |
/// | `undocumented` | With `param`, `read_at = "..."` and `reason = "..."`: the field sets a parameter the spec does not document (the agent sets it; the request carries it at `param`). |
/// | `wire_type = "integer"` | With `read_at = "..."` and `reason = "..."`: the spec's type of this parameter is wrong; the server reads this one (`string`, `integer`, `number` or `boolean`; for an array, its items'). The field's type, the input schema and the decoding follow it; the wire form (location, style) stays the parameter's. An override to the spec's own type does not compile. The rustdoc accounting table shows what the spec said, where the server reads it and why. |
/// | `delimited = ","` | With `read_at = "..."` and `reason = "..."`: the spec types this parameter as one text the server splits into a list (`,`, `" "` or `|`; `,` only in a path or header). The field is a `Vec` of the items (text, or the `wire_type` given beside it); the input schema and the decoding are the list's, a text item holding the delimiter is refused, a required list has at least one item, and the request joins the items in the parameter's place (a query, header, path or form field; a JSON body sends arrays as arrays, so it is refused there). |
/// | `values = ["a", "b"]`, `pattern = "^...$"` | With `read_at = "..."` and `reason = "..."`: the server reads fewer values than the spec allows; a string parameter (for an array, its items) is narrowed to these values or to texts matching this pattern. Each value must be one the spec allows; the input schema advertises the enum or pattern and the decoding refuses anything else. One of the two per field, not with `wire_type`. |
/// | `read_at = "..."`, `reason = "..."` | Only with `undocumented`, `wire_type`, `delimited`, `values` or `pattern`. |
/// | `family = "query.cf_*"` | With `read_at = "..."` and `reason = "..."`, on a field typed `BTreeMap<String, V>` (or `HashMap`, optional or not; `V` a scalar or a `Vec` of scalars): parameters the spec cannot name because each instance defines its own (NetBox's custom-field filters). Each key is a query parameter's name, which must match the pattern (an agent's other key is refused when decoded); each value is sent as that parameter in the form style (`cf_env=prod&cf_env=dev`). The pattern must match no parameter the spec declares. The input schema advertises it (`propertyNames`, `additionalProperties`); the accounting shows it as an Undocumented family. |
/// | `read_at = "..."`, `reason = "..."` | Only with `undocumented`, `wire_type` or `family`. |
/// | `absent = "keeps"` or `"clears"` | What leaving this body property out does, where it differs from the tool's semantics: `"keeps"` on a full replace whose server keeps it, `"clears"` on a merge whose server clears it. The description tells the agent ("Leaving out `scheduleFile` keeps it."). Only on an optional field that sets an optional body property of a write with semantics; equal to the tool's semantics it is an error. |
/// | `appends` | The items sent in this array body property are added to the ones the server has, not replacing them; the description says so. Only on an array body property of a write. |
/// | `null = "..."` | The text a null value (or null array element) of this field is sent as in a path, query, header, cookie or form value (`"null"`, `"none"`), instead of the spec's (`catalog::build::Spec::null`), else OpenAPI's empty value. A JSON body always sends `null`. |
///
/// `undocumented` therefore has two forms: `undocumented("query.x", read_at, reason[, value])`
/// in `#[tool]` for a parameter the tool sends on its own (or never), and
/// `#[arg(param = "query.x", undocumented, read_at = "...", reason = "...")]` on a field for
/// one the agent sets.
///
/// # Field types
///
/// A field's type must carry every value the parameter allows, as the spec says after
/// normalization: strings `String` (or, for a string enum, your enum with
/// [`StringEnum`](derive@StringEnum)); integers any integer type that holds every allowed value
/// (format and bounds); numbers `f64` (`f32` for `format: float`); booleans `bool`; arrays
/// `Vec<T>`; objects and unions `serde_json::Value`, `serde_json::Map<String, Value>`, or your
/// own type (for an object with declared properties, a struct with
/// [`Object`](derive@Object)). An optional parameter is `Option<T>` (`None` leaves it out); a
/// required nullable one `Option<T>` (`None` sends null); a nullable optional one `Option<T>`,
/// or `Option<Option<T>>` to tell absent (`None`) from null (`Some(None)`). A wrong type is an
/// error over the whole type that gives the whole type to write instead.
///
/// # Outputs
///
/// The tool's output (`Tool::OUTPUT`: the response, its MCP `outputSchema`) is the operation's
/// one success response, by the success-response rule: its `2xx` code or `2XX` range (else
/// `default`), and of that, its one JSON media type. Where the operation has several, nothing is
/// chosen silently: the build fails, listing the candidates with the `output(...)` line to paste
/// for each. A choice the rule makes anyway is refused ("remove it"), and a status or media type
/// the operation does not document is an error listing what it does.
///
/// `output = T` (or `type = T` inside `output(...)`) reads the output response as `T`, checked
/// against its schema like a field's type: a struct with [`Object`](derive@Object) must have a
/// field, always present, for every property the response requires (read-only ones too) and no
/// field the response does not declare; an enum with [`StringEnum`](derive@StringEnum) exactly
/// the response's values; `Vec<T>` an array; `Option<T>` a nullable body; `serde_json::Value`
/// anything. The `outputSchema` stays the spec's; `Tool::output_value` reads a body as `T` and
/// writes it back.
///
/// # The MCP tool name
///
/// `Tool::NAME` is `name = "..."` when given. Otherwise it is the operationId in snake_case
/// (`CreatePost` -> `create_post`, `repos/list-for-org` -> `repos_list_for_org`), or for an
/// operation without an operationId (named `"METHOD /path"`), the struct's name in snake_case.
/// The tool's rustdoc shows the name it got.
///
/// # What it generates
///
/// The struct, unchanged but for its docs (its doc comment, then the MCP tool name and the
/// accounting table), and `impl catalog::Tool`: the name; the description (the doc comment, else
/// the operation's summary or description; a PUT says it is a full replace, and up to 12
/// Omitted parameters are listed with their reasons); the MCP input schema as a constant;
/// strict decoding of an agent's arguments; the exact HTTP request; and the typed output. The build is re-run
/// when the spec's index changes.
///
/// # Capability projection
///
/// The input schema carries the `x-*` keywords each property declares (a `$ref`'s own, never
/// its target's), so a catalog with projection on can hide the optional arguments whose
/// applies-when annotation the server's capabilities do not match. A tool is exempted, with a
/// reason, by `Catalog::exempt_from_projection::<T>(reason)`, and an annotation the spec lacks is
/// added to an optional argument by `Catalog::annotate::<T>(argument, annotation)`: both depend
/// on the server's rules, so they are settings of the catalog, not keys of `#[tool]`
/// (`docs/projection.md`).
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = match syn::parse::<syn::ItemStruct>(input) {
        Ok(item) => item,
        Err(e) => {
            return syn::Error::new(e.span(), "#[tool] goes on a struct")
                .to_compile_error()
                .into();
        }
    };
    let input = ast::Input::new(item);
    expand::tool(args.into(), &input).into()
}

/// A composite tool: one tool an agent calls that makes several requests, each through a
/// `#[tool]` binding it declares in `uses(...)`.
///
/// ```ignore
/// /// Post a message to a channel named by its team's and its own name.
/// #[catalog::composite(uses(
///     GetChannelByName,
///     CreatePost(omitted("reply_to", reason = "a post made here starts a thread of its own")),
/// ))]
/// pub struct PostToChannelByName { pub team: String, pub channel: String, pub message: String }
///
/// #[catalog::composite]
/// impl PostToChannelByName {
///     async fn run(self, api: catalog::Api<'_, Self>) -> Result<serde_json::Value, catalog::ToolError> {
///         let channel = api.call(GetChannelByName { team_name: self.team, channel_name: self.channel }).await?;
///         let channel_id = catalog::ToolError::field(&channel, "id")?;
///         api.call(CreatePost { channel_id, message: self.message, reply_to: None }).await
///     }
/// }
/// ```
///
/// | key | meaning |
/// |---|---|
/// | `uses(A, B, ...)` | **Required.** The bindings it calls, each a `#[tool]` struct. `api.call(x)` compiles only for these. Each field of a binding the composite does not fill is declared on it: `B(omitted("f", reason = "..."), fixed("f", value = v, reason = "..."), passed("g"))`; a request that differs is refused before it is sent. |
/// | `name = "..."` | The MCP tool name (default: the struct's name in snake_case). |
/// | `output = T` | The value it answers, advertised as its `outputSchema` and sent as `structuredContent` (checked against it): a binding with a typed output (the composite answers what it answers), or a type implementing `catalog::CompositeOutput`. Without it the value is text. |
///
/// The doc comment is the description (required); each field is an argument, typed `String`,
/// `bool`, an integer, `f64`, `catalog::File`, `serde_json::Value`, or a `Vec`/`Option` of one,
/// and decoded strictly. The struct implements `async fn run(self, api: catalog::Api<'_, Self>)
/// -> Result<serde_json::Value, catalog::ToolError>` in an `impl` that has `#[catalog::composite]`
/// too, which checks that `run` reads every argument (`self.field`). Add it to a catalog with
/// `Catalog::composite::<T>()`; see docs/composite-tools.md.
#[proc_macro_attribute]
pub fn composite(args: TokenStream, input: TokenStream) -> TokenStream {
    if let Ok(item) = syn::parse::<syn::ItemImpl>(input.clone()) {
        return composite_run::expand(args.into(), item).into();
    }
    match syn::parse::<syn::ItemStruct>(input) {
        Ok(item) => composite::expand(args.into(), item).into(),
        Err(e) => syn::Error::new(
            e.span(),
            "#[composite] goes on a struct (its arguments) and on the `impl` with its `run`",
        )
        .to_compile_error()
        .into(),
    }
}

/// Derives `catalog::StringEnum` for a Rust enum that stands for a string enum of the spec.
///
/// A `#[tool]` field may be typed with such an enum (or `Option<E>`, `Vec<E>`, ...) where the
/// spec has a string with `enum: [...]`. The build then checks that the enum's wire names are
/// exactly the spec's values, and reports every mismatch at once, at the field's type: each
/// spec value with no variant (naming the value, the parameter, and the variant line to add),
/// and each variant the spec does not allow (naming the variant).
///
/// The wire names are read from the same attributes serde reads, with serde's rules:
/// `#[serde(rename_all = "...")]` on the enum (`lowercase`, `UPPERCASE`, `PascalCase`,
/// `camelCase`, `snake_case`, `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE`),
/// `#[serde(rename = "...")]` on a variant, and `#[serde(skip)]` (or `skip_deserializing`) to
/// leave a variant out. A value has one name on the wire, so `rename(serialize = "...",
/// deserialize = "...")` is refused.
///
/// The enum must also derive `serde::Serialize` and `serde::Deserialize` (the tool sends and
/// decodes it with serde), and have unit variants only:
///
/// ```ignore
/// #[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
/// #[serde(rename_all = "snake_case")]
/// pub enum State {
///     Open,
///     InProgress,
///     #[serde(rename = "done")]
///     Finished,
/// }
/// ```
#[proc_macro_derive(StringEnum, attributes(serde))]
pub fn derive_string_enum(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::DeriveInput>(input) {
        Ok(input) => derive::string_enum(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Derives `catalog::Object` for a struct that stands for an object schema of the spec.
///
/// A `#[tool]` field may be typed with such a struct (or `Option<S>`, `Vec<S>`, ...) where the
/// spec has an object with declared properties. The build then checks, reporting every
/// mismatch at once at the field's type: every property the spec requires has a field that is
/// always present (not `Option`, no `#[serde(default)]`), naming each one missing; and every
/// field is a property the spec declares, naming each one that is not (a misspelled property
/// would otherwise be sent and silently ignored), even when the object allows additional
/// properties: send those through a `serde_json::Value` or `Map` field. In a request, every
/// other declared property (read-only ones aside) is a field too, or omitted on the struct with
/// a reason, `#[object(omitted("name", reason = "..."))]`: it is then left out of the tool's input
/// schema and refused with that reason when an agent sends it, never dropped. The same rules
/// hold at every depth, for a struct in a field of the struct (in `Option`, `Vec`, a map's
/// values, or `catalog::OrEmpty<T>`, the type of a property that is `anyOf [object, ""]`).
/// Scalar field types inside the struct are checked when arguments are decoded.
///
/// Wire names and presence are read as serde reads them: `#[serde(rename_all = "...")]` on the
/// struct, `#[serde(rename = "...")]` on a field, `#[serde(default)]` on the struct or a field,
/// `#[serde(skip)]`. `#[serde(flatten)]` is refused (the properties cannot be named). The struct
/// also derives `serde::Serialize` and `serde::Deserialize`:
///
/// ```ignore
/// #[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
/// #[serde(rename_all = "camelCase")]
/// #[object(omitted("secret", reason = "a filter's secret is set by a person in the dashboard"))]
/// pub struct Filter {
///     pub name: String,
///     pub min_level: Option<i64>,
/// }
/// ```
#[proc_macro_derive(Object, attributes(serde, object))]
pub fn derive_object(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::DeriveInput>(input) {
        Ok(input) => derive::object(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}
