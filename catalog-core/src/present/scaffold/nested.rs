//! The types a scaffold declares beside its tool, so that the build checks every depth: a
//! `#[derive(catalog::Object)]` struct for each object schema with declared properties (directly,
//! in an array's items, in a map's values, as the object arm of `anyOf [object, ""]`) and a
//! `#[derive(catalog::StringEnum)]` enum for each string enum, at every depth the `#[tool]`
//! macro checks ([`MAX_DEPTH`]). A map (`additionalProperties`, no property declared) is a
//! `BTreeMap<String, T>`, `T` such a type or a primitive as a field of it is typed; a free-form
//! object a `BTreeMap<String, serde_json::Value>`. `serde_json::Value` is left where a value may
//! be anything but an object, for a map whose values may be null, and deeper than that.
//!
//! A type is named for its component schema when the operation's stored form ([`Origin`])
//! reaches it through a `$ref` to `#/components/schemas/<Name>`, else for the tool and the
//! property (`CreateMonitorAlerts`), singular for an array's item or a map's value
//! (`CreateFirewallInboundRule` for `inbound_rules[]`); names are unique in the scaffold, and one
//! component met twice with the same shape is one type.

use super::text::{describe_at, identifier, lit, singular_name, type_name};
use crate::check::nested::{element, map_values, or_empty_arm};
use crate::check::types::base_type_for;
use crate::model::{Field, Operation, Param, Schema, SharedSchema, Type};
use heck::ToUpperCamelCase;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// How many levels of nested objects the `#[tool]` macro checks (its `MAX_DEPTH`): a struct at a
/// deeper level would compile unchecked, so the scaffold writes `serde_json::Value` there.
pub const MAX_DEPTH: usize = 6;

/// Longest chain of references followed to name a schema (`A: {$ref: B}`, ...).
const MAX_CHAIN: usize = 32;

/// Type names a scaffold never gives a type of its own: the prelude's, which its fields use
/// unqualified, and the facade's, which the derives recognize by their last segment.
const RESERVED: [&str; 14] = [
    "Option", "Some", "None", "Result", "Ok", "Err", "String", "Vec", "Box", "Self", "Nullable",
    "OrEmpty", "File", "Value",
];

/// The operation a scaffolded one was expanded from, in the index's stored form, and the table
/// of shared schemas its references name: where a nested type takes its name from.
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    /// The stored operation (its schemas reached through `$ref` are [`Type::Shared`]).
    pub stored: &'a Operation,
    /// The table [`Type::Shared`] ids index.
    pub shared: &'a [SharedSchema],
}

impl<'a> Origin<'a> {
    /// The stored schema of the parameter `p` of the expanded operation.
    fn param(&self, p: &Param) -> Option<&'a Schema> {
        self.stored
            .params
            .iter()
            .find(|q| q.location == p.location && q.name == p.name)
            .map(|q| &q.schema)
    }

    /// `s` with its references followed, and the component name of the first one.
    fn resolve(&self, mut s: &'a Schema) -> (Option<String>, &'a Schema) {
        let mut name = None;
        for _ in 0..MAX_CHAIN {
            let Type::Shared { id } = s.ty else { break };
            let Some(target) = self.shared.get(id) else {
                break;
            };
            name = name.or_else(|| component_name(&target.pointer));
            s = &target.schema;
        }
        (name, s)
    }
}

/// `Pet` for `#/components/schemas/Pet`: a name only for a component schema itself. A `$ref`
/// into a schema elsewhere (`#/paths/~1v2~1apps/.../envs/items`, as the APIs-guru conversion of
/// DigitalOcean's spec writes them, or `#/components/schemas/App/properties/cors`) ends in a JSON
/// Schema keyword or a property name, not the name of a type: the type is named for its place.
fn component_name(pointer: &str) -> Option<String> {
    let name = pointer.strip_prefix("#/components/schemas/")?;
    (!name.is_empty() && !name.contains('/')).then(|| name.replace("~1", "/").replace("~0", "~"))
}

/// One type the scaffold declares.
struct Def {
    text: String,
}

/// The types of one scaffold, declared as its fields need them.
pub(super) struct Types<'a> {
    tool: String,
    origin: Option<Origin<'a>>,
    taken: HashSet<String>,
    /// In the order they are first needed; `None` for a slot whose type turned out to be one
    /// declared before.
    defs: Vec<Option<Def>>,
    /// (the name it would take, its text without the name) to the name it took.
    seen: HashMap<(String, String), String>,
}

impl<'a> Types<'a> {
    pub(super) fn new(tool: &str, origin: Option<Origin<'a>>) -> Types<'a> {
        let mut taken: HashSet<String> = RESERVED.iter().map(|s| s.to_string()).collect();
        taken.insert(tool.to_string());
        Types {
            tool: tool.to_string(),
            origin,
            taken,
            defs: Vec::new(),
            seen: HashMap::new(),
        }
    }

    /// The Rust type of the tool's field for `p`: as [`crate::check::types::rust_type_for`]
    /// writes it, with a type of the scaffold's for each object and string enum in it (objects
    /// only in the body, where the macro checks them).
    pub(super) fn field_type(&mut self, p: &Param, field: &str) -> String {
        let stored = self.origin.and_then(|o| o.param(p));
        let fallback = format!(
            "{}{}",
            self.tool,
            field.trim_start_matches("r#").to_upper_camel_case()
        );
        let objects = p.location == crate::model::Location::Body;
        let inner = self.inner(&p.schema, stored, &fallback, 0, objects);
        if !p.required || p.schema.nullable {
            format!("Option<{inner}>")
        } else {
            inner
        }
    }

    /// Every type declared, each followed by a blank line.
    pub(super) fn render(&self) -> String {
        let mut out = String::new();
        for def in self.defs.iter().flatten() {
            out.push('\n');
            out.push_str(&def.text);
        }
        out
    }

    /// The type of a value of `s` at `level` (the number of objects around it below the tool's
    /// field), `stored` its stored form when known, `fallback` the name a type for it takes
    /// when it has no component name.
    fn inner(
        &mut self,
        s: &Schema,
        stored: Option<&'a Schema>,
        fallback: &str,
        level: usize,
        objects: bool,
    ) -> String {
        let (component, stored) = match (self.origin, stored) {
            (Some(o), Some(t)) => {
                let (name, t) = o.resolve(t);
                (name, Some(t))
            }
            _ => (None, None),
        };
        let name = component
            .as_deref()
            .map(type_name)
            .unwrap_or_else(|| fallback.to_string());
        let deep_enough = level < MAX_DEPTH;
        match &s.ty {
            Type::String {
                enumeration: Some(values),
                ..
            } if deep_enough && !values.is_empty() => self.enumeration(values, &name),
            Type::Array { items, .. } => {
                let stored = stored.and_then(|t| match &t.ty {
                    Type::Array { items, .. } => Some(&**items),
                    _ => None,
                });
                // An inline item is named for one element of its place: `inbound_rules[]` is
                // an `...InboundRule`. An array of arrays leaves it to the innermost.
                let one = match items.ty {
                    Type::Array { .. } => fallback.to_string(),
                    _ => singular_name(fallback),
                };
                let inner = self.inner(items, stored, &one, level, objects);
                if items.nullable {
                    format!("Vec<Option<{inner}>>")
                } else {
                    format!("Vec<{inner}>")
                }
            }
            Type::Object { fields, .. } if objects && deep_enough && !fields.is_empty() => {
                let stored = stored.and_then(|t| match &t.ty {
                    Type::Object { fields, .. } => Some(fields.as_slice()),
                    _ => None,
                });
                self.object(fields, stored, &name, level, objects)
            }
            _ if objects && deep_enough => {
                if let Some(values) = map_values(s).filter(|v| !v.nullable && typed(element(v))) {
                    let stored = stored.and_then(map_values);
                    // Each value is one of them, as an array's item is: `targets{}` is a
                    // `...Target`.
                    let one = match values.ty {
                        Type::Array { .. } => fallback.to_string(),
                        _ => singular_name(fallback),
                    };
                    let inner = self.inner(values, stored, &one, level, objects);
                    return format!("std::collections::BTreeMap<String, {inner}>");
                }
                if free_form(s) {
                    return "std::collections::BTreeMap<String, serde_json::Value>".into();
                }
                match or_empty_arm(s) {
                    Some(arm) if matches!(&arm.ty, Type::Object { fields, .. } if !fields.is_empty()) =>
                    {
                        let stored = stored.and_then(or_empty_arm);
                        let inner = self.inner(arm, stored, fallback, level, objects);
                        format!("catalog::OrEmpty<{inner}>")
                    }
                    _ => base_type_for(s),
                }
            }
            _ => base_type_for(s),
        }
    }

    /// A `StringEnum` for `values`, named `name` (or the first free name after it).
    fn enumeration(&mut self, values: &[String], name: &str) -> String {
        let slot = self.reserve(name);
        let variants = variants(values);
        let mut body = String::new();
        let lowercase = values
            .iter()
            .zip(&variants)
            .all(|(v, id)| v.chars().all(|c| c.is_ascii_lowercase()) && id.to_lowercase() == *v);
        if lowercase {
            body.push_str("#[serde(rename_all = \"lowercase\")]\n");
        }
        let _ = writeln!(body, "pub enum {{name}} {{");
        for (value, variant) in values.iter().zip(&variants) {
            if !lowercase && variant != value {
                let _ = writeln!(body, "    #[serde(rename = {})]", lit(value));
            }
            let _ = writeln!(body, "    {variant},");
        }
        body.push_str("}\n");
        self.declare(
            slot,
            "#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]\n",
            body,
        )
    }

    /// An `Object` struct for `fields` at `level`, named `name` (or the first free name after
    /// it): a field per property but the read-only ones, typed as the macro checks them.
    fn object(
        &mut self,
        fields: &[Field],
        stored: Option<&'a [Field]>,
        name: &str,
        level: usize,
        objects: bool,
    ) -> String {
        let slot = self.reserve(name);
        let mut idents: HashSet<String> = HashSet::new();
        let mut body = String::from("pub struct {name} {\n");
        for f in fields.iter().filter(|f| !f.read_only) {
            let ident = unique_ident(
                identifier(&f.name).unwrap_or_else(|| "field".into()),
                &idents,
            );
            idents.insert(ident.trim_start_matches("r#").to_string());
            let stored = stored
                .and_then(|s| s.iter().find(|g| g.name == f.name))
                .map(|g| &g.schema);
            let fallback = format!(
                "{}{}",
                self.tool,
                ident.trim_start_matches("r#").to_upper_camel_case()
            );
            let inner = self.inner(&f.schema, stored, &fallback, level + 1, objects);
            let _ = writeln!(
                body,
                "    // {}",
                describe_at(&f.name, &f.schema, f.required, None)
            );
            let mut serde = Vec::new();
            if ident.trim_start_matches("r#") != f.name {
                serde.push(format!("rename = {}", lit(&f.name)));
            }
            let ty = if f.required {
                inner
            } else if f.schema.nullable {
                serde.push("default, skip_serializing_if = \"catalog::Nullable::is_unset\"".into());
                format!("catalog::Nullable<{inner}>")
            } else {
                serde.push("skip_serializing_if = \"Option::is_none\"".into());
                format!("Option<{inner}>")
            };
            if !serde.is_empty() {
                let _ = writeln!(body, "    #[serde({})]", serde.join(", "));
            }
            let _ = writeln!(body, "    pub {ident}: {ty},");
        }
        body.push_str("}\n");
        self.declare(
            slot,
            "#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]\n",
            body,
        )
    }

    /// A slot for the next type, and the first free name from `wanted` (`Tag`, `Tag2`, ...)
    /// taken for it: a type is named before the types its fields need, so that an outer type
    /// keeps the plainer name.
    fn reserve(&mut self, wanted: &str) -> Slot {
        let name = (1..)
            .map(|n| match n {
                1 => wanted.to_string(),
                n => format!("{wanted}{n}"),
            })
            .find(|n| !self.taken.contains(n))
            .unwrap_or_else(|| wanted.to_string());
        self.taken.insert(name.clone());
        self.defs.push(None);
        Slot {
            index: self.defs.len() - 1,
            wanted: wanted.to_string(),
            name,
        }
    }

    /// Declares the type whose `body` names it `{name}` in `slot`, unless the same body was
    /// declared under the same wanted name before: that type's name is returned then, and the
    /// slot's name is free again.
    fn declare(&mut self, slot: Slot, derive: &str, body: String) -> String {
        let text = format!("{derive}{body}");
        let key = (slot.wanted, text);
        if let Some(name) = self.seen.get(&key) {
            self.taken.remove(&slot.name);
            return name.clone();
        }
        let text = key.1.replacen("{name}", &slot.name, 1);
        self.seen.insert(key, slot.name.clone());
        if let Some(def) = self.defs.get_mut(slot.index) {
            *def = Some(Def { text });
        }
        slot.name
    }
}

/// A type being declared: where it goes, the name it wanted and the name it took.
struct Slot {
    index: usize,
    wanted: String,
    name: String,
}

/// Whether the scaffold writes a map's values of this schema (through arrays) as a Rust type of
/// their own: an object with declared properties or a string enum (a type of the scaffold's), or
/// a primitive (`String`, an integer type, `f32`/`f64`, `bool`: as a field of it is typed).
fn typed(s: &Schema) -> bool {
    match &s.ty {
        Type::Object { fields, .. } => !fields.is_empty(),
        Type::String {
            enumeration: Some(values),
            ..
        } => !values.is_empty(),
        Type::String { .. } | Type::Integer { .. } | Type::Number { .. } | Type::Boolean { .. } => {
            true
        }
        _ => false,
    }
}

/// Whether `s` is an object whose keys and values may be anything: no declared property, open,
/// its values' schema none (`additionalProperties` absent, `true` or `{}`) or typeless. A
/// `BTreeMap<String, serde_json::Value>` says it is an object, as a struct could not
/// (`catalog::Object` refuses a free-form object: it would close it).
fn free_form(s: &Schema) -> bool {
    match &s.ty {
        Type::Object {
            fields,
            open: true,
            values,
        } => fields.is_empty() && values.as_ref().is_none_or(|v| v.ty == Type::Any),
        _ => false,
    }
}

/// `base`, else `base_2`, `base_3`, ...: the first identifier not taken.
fn unique_ident(base: String, taken: &HashSet<String>) -> String {
    let bare = base.trim_start_matches("r#");
    if !taken.contains(bare) {
        return base;
    }
    (2..)
        .map(|n| format!("{bare}_{n}"))
        .find(|c| !taken.contains(c))
        .unwrap_or(base)
}

/// One variant name per value: its UpperCamelCase words, `Empty` for the empty string, a `V`
/// before a leading digit, and a number after a name taken already.
fn variants(values: &[String]) -> Vec<String> {
    let mut taken: HashSet<String> = HashSet::new();
    values
        .iter()
        .map(|v| {
            let words: String = v
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
                .collect();
            let mut name = words.to_upper_camel_case();
            if name.is_empty() {
                name = if v.is_empty() {
                    "Empty".into()
                } else {
                    "Value".into()
                };
            }
            if name.starts_with(|c: char| c.is_ascii_digit()) {
                name = format!("V{name}");
            }
            if name == "Self" {
                name = "SelfValue".into();
            }
            let name = (1..)
                .map(|n| match n {
                    1 => name.clone(),
                    n => format!("{name}{n}"),
                })
                .find(|n| !taken.contains(n))
                .unwrap_or(name);
            taken.insert(name.clone());
            name
        })
        .collect()
}

#[cfg(test)]
mod tests;
