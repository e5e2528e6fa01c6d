//! Inlining: one operation's stored schemas written out in full, as the rest of the crate
//! reads them, under a budget.
//!
//! The index stores each component schema once and refers to it ([`Type::Shared`]). A tool
//! needs its operation's schemas self-contained (strict MCP clients accept no `$ref`), so the
//! reader writes each reference out in place, depth first in parameter order, with two limits:
//!
//! - **recursion**: a schema met again inside itself is not written out a second time; it
//!   accepts any value there, described as a recursive reference;
//! - **budget**: when the operation written out in full would hold more than [`BUDGET`] schema
//!   nodes, references are written out only down to the deepest level (references within
//!   references) at which the whole operation fits; each reference below that level is not
//!   written out: it accepts any value there, and its description says which schema it is and
//!   that the server validates it. The top of every parameter is described and only the depths
//!   are cut. Real request schemas are far below the budget (NetBox's largest operation is 682
//!   nodes); a document whose schemas reference each other densely would otherwise grow
//!   exponentially.
//!
//! Each place that stops is recorded once per schema and reason in
//! [`Operation::degraded`], so `catalog check` reports it and the macro notes it on the tool.
//! Finding the level counts nodes without building anything and gives up past the budget, so
//! the work and the result are bounded by the budget times the depth, whatever the document.
//!
//! [`outline`] is the same expansion written out only near the top of each schema, the rest
//! walked to record the same cuts: what `catalog check` prints of every operation of a
//! document, without writing out each operation's schemas in full.

use std::collections::HashMap;
use std::fmt::Write;

use crate::model::{
    Content, Degradation, DegradeReason, Field, Operation, Param, Response, ResponseHeader, Schema,
    SharedSchema, Type,
};

/// Schema nodes an operation's inlined schemas may hold before references stop being written
/// out.
pub const BUDGET: usize = 4096;

/// Expands `op` with the shared schemas `shared` gives by id, under `budget` nodes for its
/// request schemas and, separately, `budget` nodes for its response schemas (so that a large
/// response never cuts an input schema). A missing shared schema (a damaged index) accepts any
/// value.
pub fn inline_refs<'s>(
    op: &Operation,
    shared: impl Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
) -> Operation {
    written(op, &shared, budget, Extent::Full, &mut Sizes::default())
}

/// `op` as [`inline_refs`] writes it, with only the outline of each schema written out: a schema is
/// written out with its arrays' items and its unions' arms, but not an object's fields; in a
/// union's arm, an object's fields are listed by name and flags (each field's schema is
/// [`Schema::any`]), elsewhere an object has none. What [`inline_refs`] records (`degraded`,
/// `degraded_output`) is recorded the same, by walking the whole expansion without building
/// it.
///
/// It is what `catalog check` reads of each operation (the union arms of a body, the kind of
/// the output, the cuts), at a fraction of writing out every schema. `sizes` keeps what was
/// counted of each shared schema for the next operations of the same document.
pub fn outline<'s>(
    op: &Operation,
    shared: impl Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
    sizes: &mut Sizes,
) -> Operation {
    written(op, &shared, budget, Extent::Outline, sizes)
}

/// How many nodes each shared schema of one document holds written out from the top of a
/// parameter or response (no other shared schema around it), by how deep references are
/// written out; counted once per schema and depth, at most the budget and one (past the
/// budget the number does not matter). Operations of a document refer to the same schemas
/// over and over, and finding how deep each operation's references can be written out is then
/// mostly a sum of these.
#[derive(Debug, Default)]
pub struct Sizes {
    // (shared schema id, max depth) to nodes.
    nodes: HashMap<(usize, usize), usize>,
}

// How much of each schema an expansion writes out.
#[derive(Clone, Copy, PartialEq)]
enum Extent {
    Full,
    // Down to objects, whose fields are walked but not written out.
    Outline,
    // The same in a union's arm, where objects' fields are listed (their schemas any value).
    ArmOutline,
}

// One step down a schema, as the argument path writes it.
#[derive(Clone, Copy)]
enum Step<'a> {
    // `[]`
    Items,
    // `.name`
    Field(&'a str),
    // `.anyOf[i]`
    Arm(usize),
    // `{}`
    Values,
}

fn written<'s>(
    op: &Operation,
    shared: &dyn Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
    extent: Extent,
    sizes: &mut Sizes,
) -> Operation {
    let input: Vec<&Schema> = op.params.iter().map(|p| &p.schema).collect();
    // An operation inlined before keeps what was recorded then.
    let mut x = Expander::new(
        shared,
        budget,
        &input,
        op.degraded.clone(),
        Side::Input,
        extent,
        sizes,
    );
    let params = op
        .params
        .iter()
        .map(|p| {
            x.at = p.address();
            Param {
                location: p.location,
                name: p.name.clone(),
                required: p.required,
                deprecated: p.deprecated,
                description: p.description.clone(),
                schema: x.schema(&p.schema),
                style: p.style,
                explode: p.explode,
                pointer: p.pointer.clone(),
            }
        })
        .collect();
    // The values' schema of a body's extra keys, written out like a parameter's.
    let body = op.body.as_ref().map(|b| {
        let mut b = b.clone();
        if let Some(values) = &b.values {
            x.at = "body.*".to_string();
            b.values = Some(x.schema(values));
        }
        b
    });
    let output = response_schemas(op);
    let mut y = Expander::new(
        shared,
        budget,
        &output,
        op.degraded_output.clone(),
        Side::Output,
        extent,
        sizes,
    );
    let responses = op.responses.iter().map(|r| y.response(r)).collect();
    // Field by field: the stored schemas are not cloned to be replaced.
    Operation {
        id: op.id.clone(),
        method: op.method.clone(),
        path: op.path.clone(),
        pointer: op.pointer.clone(),
        summary: op.summary.clone(),
        description: op.description.clone(),
        deprecated: op.deprecated,
        params,
        body,
        responses,
        unsupported: op.unsupported.clone(),
        degraded: x.degraded,
        degraded_output: y.degraded,
        spec: op.spec.clone(),
        accounting: op.accounting.clone(),
        security: op.security.clone(),
        tags: op.tags.clone(),
        failure: op.failure.clone(),
    }
}

/// Every schema of `op`'s responses: each media type's, then each header's, in spec order.
pub fn response_schemas(op: &Operation) -> Vec<&Schema> {
    let mut out = Vec::new();
    for r in &op.responses {
        out.extend(r.content.iter().filter_map(|c| c.schema.as_ref()));
        out.extend(r.headers.iter().map(|h| &h.schema));
    }
    out
}

/// The ids of the shared schemas `schema` refers to directly (not through other shared ones).
pub fn references(schema: &Schema, out: &mut Vec<usize>) {
    match &schema.ty {
        Type::Shared { id } => out.push(*id),
        Type::Array { items, .. } => references(items, out),
        Type::Object { fields, values, .. } => {
            fields.iter().for_each(|f| references(&f.schema, out));
            if let Some(v) = values {
                references(v, out);
            }
        }
        Type::AnyOf { arms } => arms.iter().for_each(|a| references(a, out)),
        _ => {}
    }
}

// The deepest level of references at which all of `roots` fit in `budget` nodes, or
// `usize::MAX` when they fit written out in full.
fn reference_depth<'s>(
    roots: &[&Schema],
    shared: &dyn Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
    sizes: &mut Sizes,
) -> usize {
    let mut fits = |max_depth: usize| {
        let mut count = Counter {
            shared,
            budget,
            max_depth,
            nodes: 0,
            stack: Vec::new(),
            sizes: &mut *sizes,
        };
        roots.iter().all(|s| count.fits(s))
    };
    if fits(usize::MAX) {
        return usize::MAX;
    }
    // A deeper level never holds fewer nodes, and some level does not fit (the full expansion
    // is a finite one): double until one does not fit, then halve the gap.
    let (mut fitting, mut too_deep) = (0, 1);
    while fits(too_deep) {
        fitting = too_deep;
        too_deep *= 2;
    }
    while too_deep - fitting > 1 {
        let mid = fitting + (too_deep - fitting) / 2;
        if fits(mid) {
            fitting = mid;
        } else {
            too_deep = mid;
        }
    }
    fitting
}

// Counts the nodes [`Expander`] would write out with the same limits, stopping past the budget.
struct Counter<'f, 's> {
    shared: &'f dyn Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
    max_depth: usize,
    nodes: usize,
    stack: Vec<usize>,
    sizes: &'f mut Sizes,
}

impl Counter<'_, '_> {
    // The nodes of shared schema `id` (`schema`) written out with nothing around it, at most
    // the budget and one: counted the first time, then remembered.
    fn size(&mut self, id: usize, schema: &Schema) -> usize {
        let key = (id, self.max_depth);
        if let Some(&n) = self.sizes.nodes.get(&key) {
            return n;
        }
        let mut count = Counter {
            shared: self.shared,
            budget: self.budget,
            max_depth: self.max_depth,
            nodes: 0,
            stack: vec![id],
            sizes: &mut *self.sizes,
        };
        count.fits(schema);
        let n = count.nodes.min(self.budget + 1);
        self.sizes.nodes.insert(key, n);
        n
    }

    fn fits(&mut self, s: &Schema) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        match &s.ty {
            Type::Shared { id } => {
                let Some(target) = (self.shared)(*id) else {
                    return true;
                };
                if self.stack.contains(id) || self.stack.len() >= self.max_depth {
                    return true;
                }
                self.nodes -= 1;
                if self.stack.is_empty() {
                    // Nothing around it: its size is the same wherever it is met.
                    self.nodes += self.size(*id, &target.schema);
                    return self.nodes <= self.budget;
                }
                self.stack.push(*id);
                let fits = self.fits(&target.schema);
                self.stack.pop();
                fits
            }
            Type::Array { items, .. } => self.fits(items),
            Type::Object { fields, values, .. } => {
                fields.iter().all(|f| self.fits(&f.schema))
                    && values.as_ref().is_none_or(|v| self.fits(v))
            }
            Type::AnyOf { arms } => arms.iter().all(|a| self.fits(a)),
            _ => true,
        }
    }
}

// Which side of the operation is being written out: it names the schema in what a cut says.
#[derive(Clone, Copy)]
enum Side {
    Input,
    Output,
}

struct Expander<'f, 's> {
    side: Side,
    extent: Extent,
    shared: &'f dyn Fn(usize) -> Option<&'s SharedSchema>,
    budget: usize,
    // References nested deeper than this are not written out.
    max_depth: usize,
    // The shared schemas being written out, outermost first.
    stack: Vec<usize>,
    // The argument path of the schema being written out (`body.spec.rules[]`).
    at: String,
    degraded: Vec<Degradation>,
}

impl<'f, 's> Expander<'f, 's> {
    fn new(
        shared: &'f dyn Fn(usize) -> Option<&'s SharedSchema>,
        budget: usize,
        roots: &[&Schema],
        degraded: Vec<Degradation>,
        side: Side,
        extent: Extent,
        sizes: &mut Sizes,
    ) -> Expander<'f, 's> {
        Expander {
            side,
            extent,
            shared,
            budget,
            max_depth: reference_depth(roots, shared, budget, sizes),
            stack: Vec::new(),
            at: String::new(),
            degraded,
        }
    }

    // A response with its schemas written out; `at` names each
    // (`response.200.application/json`, `response.200.header.X-Rate-Limit`).
    fn response(&mut self, r: &Response) -> Response {
        // JSON media types of one schema are one output (`check::output`), judged on their
        // schemas written out: an outline, which drops objects' fields, would make different
        // bodies look alike, so such a response's JSON bodies are written out in full.
        let extent = self.extent;
        let json: Vec<&Schema> = r
            .content
            .iter()
            .filter(|c| c.is_json())
            .filter_map(|c| c.schema.as_ref())
            .collect();
        if extent != Extent::Full && json.windows(2).any(|w| w[0] != w[1]) {
            self.extent = Extent::Full;
        }
        let content = r
            .content
            .iter()
            .map(|c| {
                self.at = format!("response.{}.{}", r.status, c.media_type);
                Content {
                    media_type: c.media_type.clone(),
                    schema: c.schema.as_ref().map(|s| self.schema(s)),
                }
            })
            .collect();
        self.extent = extent;
        let headers = r
            .headers
            .iter()
            .map(|h| {
                self.at = format!("response.{}.header.{}", r.status, h.name);
                ResponseHeader {
                    name: h.name.clone(),
                    required: h.required,
                    description: h.description.clone(),
                    schema: self.schema(&h.schema),
                }
            })
            .collect();
        Response {
            status: r.status,
            description: r.description.clone(),
            content,
            headers,
            pointer: r.pointer.clone(),
            unsupported: r.unsupported.clone(),
        }
    }

    fn schema(&mut self, s: &Schema) -> Schema {
        let ty = match &s.ty {
            Type::Shared { id } => return self.reference(*id, s),
            Type::Array {
                items,
                min_items,
                max_items,
            } => Type::Array {
                items: Box::new(self.step(Step::Items, |x| x.schema(items))),
                min_items: *min_items,
                max_items: *max_items,
            },
            Type::Object {
                fields,
                open,
                values,
            } => Type::Object {
                fields: self.fields(fields),
                open: *open,
                values: values
                    .as_ref()
                    .map(|v| Box::new(self.step(Step::Values, |x| x.schema(v)))),
            },
            Type::AnyOf { arms } => {
                let extent = self.extent;
                if extent == Extent::Outline {
                    self.extent = Extent::ArmOutline;
                }
                let arms = arms
                    .iter()
                    .enumerate()
                    .map(|(i, a)| self.step(Step::Arm(i), |x| x.schema(a)))
                    .collect();
                self.extent = extent;
                Type::AnyOf { arms }
            }
            other => other.clone(),
        };
        Schema {
            ty,
            nullable: s.nullable,
            description: s.description.clone(),
            default: s.default.clone(),
            extensions: s.extensions.clone(),
            assertions: s.assertions.clone(),
        }
    }

    // An object's fields written out; in an outline, walked, and listed with any value only
    // in a union's arm.
    fn fields(&mut self, fields: &[Field]) -> Vec<Field> {
        if self.extent == Extent::Outline {
            fields
                .iter()
                .for_each(|f| self.step(Step::Field(&f.name), |x| x.walk(&f.schema)));
            return Vec::new();
        }
        fields
            .iter()
            .map(|f| Field {
                name: f.name.clone(),
                required: f.required,
                read_only: f.read_only,
                schema: self.step(Step::Field(&f.name), |x| match x.extent {
                    Extent::Full => x.schema(&f.schema),
                    Extent::Outline | Extent::ArmOutline => {
                        x.walk(&f.schema);
                        Schema::any()
                    }
                }),
            })
            .collect()
    }

    // What [`Self::schema`] would write out, walked in the same order with the same limits: it
    // records the same cuts and builds nothing.
    fn walk(&mut self, s: &Schema) {
        match &s.ty {
            Type::Shared { id } => match self.resolve(*id) {
                Reference::Missing => {}
                Reference::Cut(target, reason) => {
                    if !self.recorded(&target.pointer, reason) {
                        self.degraded
                            .push(self.degradation(&target.pointer, reason));
                    }
                }
                Reference::Enter(target) => {
                    self.stack.push(*id);
                    self.walk(&target.schema);
                    self.stack.pop();
                }
            },
            Type::Array { items, .. } => self.step(Step::Items, |x| x.walk(items)),
            Type::Object { fields, values, .. } => {
                for f in fields {
                    self.step(Step::Field(&f.name), |x| x.walk(&f.schema));
                }
                if let Some(v) = values {
                    self.step(Step::Values, |x| x.walk(v));
                }
            }
            Type::AnyOf { arms } => {
                for (i, a) in arms.iter().enumerate() {
                    self.step(Step::Arm(i), |x| x.walk(a));
                }
            }
            _ => {}
        }
    }

    // `then` with `step` appended to the argument path (`[]`, `.name`, `.anyOf[0]`).
    fn step<T>(&mut self, step: Step, then: impl FnOnce(&mut Self) -> T) -> T {
        let len = self.at.len();
        match step {
            Step::Items => self.at.push_str("[]"),
            Step::Values => self.at.push_str("{}"),
            Step::Field(name) => {
                self.at.push('.');
                self.at.push_str(name);
            }
            // Writing into a `String` cannot fail.
            Step::Arm(i) => _ = write!(self.at, ".anyOf[{i}]"),
        }
        let out = then(self);
        self.at.truncate(len);
        out
    }

    // Whether a reference is written out here, or cut and why.
    fn resolve(&self, id: usize) -> Reference<'s> {
        let Some(target) = (self.shared)(id) else {
            return Reference::Missing;
        };
        if self.stack.contains(&id) {
            Reference::Cut(target, DegradeReason::Recursive)
        } else if self.stack.len() >= self.max_depth {
            Reference::Cut(target, DegradeReason::Budget(self.budget))
        } else {
            Reference::Enter(target)
        }
    }

    // A reference written out in place, or cut (recursion, budget, a missing target) into an
    // open schema that says why.
    fn reference(&mut self, id: usize, node: &Schema) -> Schema {
        match self.resolve(id) {
            // What is not written out accepts any JSON value, null included, as a typeless
            // schema does.
            Reference::Missing => Schema {
                nullable: true,
                ..Schema::any()
            }
            .refined_by(node),
            Reference::Cut(target, reason) => {
                let d = self.degradation(&target.pointer, reason);
                let description = match self.side {
                    Side::Input => d.description(),
                    Side::Output => d.description_in("output"),
                };
                if !self.recorded(&target.pointer, reason) {
                    self.degraded.push(d);
                }
                Schema {
                    description: Some(description),
                    nullable: true,
                    ..Schema::any()
                }
                .refined_by(node)
            }
            Reference::Enter(target) => {
                self.stack.push(id);
                let s = self.schema(&target.schema);
                self.stack.pop();
                s.refined_by(node)
            }
        }
    }

    // A cut here.
    fn degradation(&self, pointer: &str, reason: DegradeReason) -> Degradation {
        Degradation {
            at: self.at.clone(),
            pointer: pointer.to_string(),
            reason,
        }
    }

    // Whether this cut was recorded already: each is recorded once per schema and reason, where
    // it first happens.
    fn recorded(&self, pointer: &str, reason: DegradeReason) -> bool {
        self.degraded
            .iter()
            .any(|e| e.pointer == pointer && e.reason == reason)
    }
}

// What a reference becomes where it is met.
enum Reference<'s> {
    // Its shared schema is missing (a damaged index): any value.
    Missing,
    // Not written out here, for this reason.
    Cut(&'s SharedSchema, DegradeReason),
    // Written out in place.
    Enter(&'s SharedSchema),
}
