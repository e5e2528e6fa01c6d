//! Schemas: one schema object into a [`Schema`], references left as [`Type::Shared`].

use super::keywords::{Keywords, bound, extend, is_null_arm};
use super::normalizer::Normalizer;
use super::ptr::Ptr;
use crate::model::{Assertions, Field, RequiredAlternatives, Schema, Type};
use crate::spec::tree::{Object, Tree};

// Inline nesting deeper than this is not a real API; it is cut to `Any` so hostile documents
// cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

// How deep `allOf` inside `allOf` arms is read for `required` names: real specs nest two or
// three levels; a hostile document cannot make the read unbounded.
const MAX_ALL_OF_NESTING: usize = 8;

impl<'a, T: Tree> Normalizer<'a, T> {
    pub(super) fn schema(&mut self, v: &'a T, ptr: &Ptr<'_>) -> Schema {
        self.schema_nodes += 1;
        if self.depth >= MAX_DEPTH {
            return Schema::any();
        }
        self.depth += 1;
        let s = self.schema_inner(v, ptr);
        self.depth -= 1;
        s
    }

    fn schema_inner(&mut self, v: &'a T, ptr: &Ptr<'_>) -> Schema {
        let Some(obj) = v.as_object() else {
            // `true`, `false` and anything else that is not a schema object accepts any value.
            return Schema::any();
        };
        let kw = Keywords::read(obj);
        let mut nullable = kw.nullable;
        let mut description = kw.description.map(str::to_string);
        // A keyword `catalog` does not enforce is said, never dropped in silence.
        if let Some(note) = kw.unenforced_note() {
            description = Some(match description {
                Some(d) if !d.is_empty() => format!("{d}\n\n{note}"),
                _ => note,
            });
        }
        let default = kw.default.map(T::to_value);

        if let Some(r) = kw.reference {
            let mut s = self.reference(r, ptr);
            extend(&mut s, &kw);
            // Siblings of `$ref` (3.1, and 3.0 specs in practice) refine the target.
            s.nullable |= nullable;
            if description.is_some() {
                s.description = description;
            }
            if default.is_some() {
                s.default = default;
            }
            return s;
        }

        // `additionalProperties: false` beside arms that name other properties (`closed`).
        if kw.additional.is_some()
            && (kw.all_of.is_some() || kw.one_of.is_some() || kw.any_of.is_some())
        {
            self.closed_beside_arms(&kw, ptr);
        }
        let shapes = kw
            .one_of
            .or(kw.any_of)
            .filter(|(_, arms)| kw.all_of.is_none() && kw.arms_are_shapes(arms));
        let mut s = if let Some(arms) = kw.all_of {
            self.all_of(&kw, arms, ptr)
        } else if let Some((key, arms)) = shapes {
            self.any_of(key, arms, ptr)
        } else {
            self.typed(&kw, ptr)
        };
        extend(&mut s, &kw);
        // Keywords beside `allOf`/`oneOf`/`anyOf` bind the whole value too.
        if s.assertions.is_none() {
            s.assertions = assertions(&kw, None);
        }
        // A `oneOf`/`anyOf` whose arms only require properties narrows the object beside it.
        for (key, arms) in [kw.one_of, kw.any_of].into_iter().flatten() {
            if shapes.is_some_and(|(used, _)| used == key) {
                continue;
            }
            if let Some(alternatives) = required_alternatives::<T>(key, arms) {
                s = with_alternatives(s, vec![alternatives]);
            }
        }
        if s.ty == Type::Any && kw.ty.and_then(T::as_str) == Some("null") {
            nullable = true;
        }
        if typeless_takes_null(&s) {
            nullable = true;
        }
        s.nullable |= nullable;
        if description.is_some() {
            s.description = description;
        }
        if default.is_some() {
            s.default = default;
        }
        s
    }

    fn all_of(&mut self, kw: &Keywords<'a, T>, arms: &'a [T], ptr: &Ptr<'_>) -> Schema {
        let all = ptr.key("allOf");
        // Each member with the index of its arm in the document (`None`: the keywords beside
        // `allOf`, which are one more member).
        let mut normalized: Vec<(Option<usize>, Schema)> = Vec::with_capacity(arms.len() + 1);
        for (i, arm) in arms.iter().enumerate() {
            normalized.push((Some(i), self.schema(arm, &all.index(i))));
        }
        if kw.properties.is_some() || kw.ty.is_some() {
            normalized.push((None, self.typed(kw, ptr)));
        }
        // A lone arm is kept as it is (a reference stays shared); several are merged, which
        // reads referenced arms one level deep.
        let lone = normalized.len() == 1
            && kw.properties.is_none()
            && kw.ty.is_none()
            && kw.required.is_none();
        let stored = if lone {
            normalized.first().map(|(_, s)| s.clone())
        } else {
            None
        };
        let mut resolved = Vec::with_capacity(normalized.len());
        for (at, s) in &normalized {
            resolved.push((*at, self.resolved(s)));
        }
        // `required` beside `allOf`, or in any arm, binds fields that the arms declare: an arm
        // may require a property only another arm declares (DigitalOcean's `volumes_create`),
        // and a validator enforces it on the whole.
        let mut all_required = kw.required();
        self.required_in_arms(arms, &mut all_required, 0);
        // A member that only requires one of several sets of properties (`anyOf: [{required:
        // [a]}, {required: [b]}]`, DigitalOcean's `firewalls_create`) is opaque, yet binds the
        // merged whole.
        let alternatives: Vec<RequiredAlternatives> = resolved
            .iter()
            .filter(|(_, s)| !is_meaningful(s))
            .filter_map(|(_, s)| s.assertions.as_deref())
            .flat_map(|a| a.required_alternatives.iter().cloned())
            .collect();
        let meaningful: Vec<(Option<usize>, Schema)> = resolved
            .into_iter()
            .filter(|(_, s)| is_meaningful(s))
            .collect();
        // A `oneOf`/`anyOf` among other members is distributed: `allOf[A, oneOf[B, C]]` is
        // `oneOf[allOf[A, B], allOf[A, C]]` (`all_of_unions`).
        if meaningful.len() > 1
            && meaningful
                .iter()
                .any(|(_, s)| matches!(s.ty, Type::AnyOf { .. }))
        {
            let union = self.distribute(arms, meaningful, &all_required);
            return with_alternatives(union, alternatives);
        }
        let merged = match meaningful.len() {
            0 => Schema::any(),
            1 => match stored {
                Some(arm) => arm,
                None => meaningful
                    .into_iter()
                    .next()
                    .map_or_else(Schema::any, |(_, s)| s),
            },
            _ => merge_members(meaningful.into_iter().map(|(_, s)| s).collect())
                .unwrap_or_else(Schema::any),
        };
        with_alternatives(with_required(merged, &all_required), alternatives)
    }

    // The `required` names of every arm, read through `$ref`s and nested `allOf`s.
    fn required_in_arms(&mut self, arms: &'a [T], out: &mut Vec<&'a str>, depth: usize) {
        if depth > MAX_ALL_OF_NESTING {
            return;
        }
        for arm in arms {
            let Ok((arm, _)) = self.deref(arm, "") else {
                continue;
            };
            if let Some(names) = arm.get("required").and_then(T::as_array) {
                out.extend(names.iter().filter_map(T::as_str));
            }
            if let Some(inner) = arm.get("allOf").and_then(T::as_array) {
                self.required_in_arms(inner, out, depth + 1);
            }
        }
    }

    fn any_of(&mut self, key: &'static str, arms: &'a [T], ptr: &Ptr<'_>) -> Schema {
        let base = ptr.key(key);
        let mut nullable = false;
        let mut out = Vec::with_capacity(arms.len());
        for (i, arm) in arms.iter().enumerate() {
            if is_null_arm(arm) {
                nullable = true;
                continue;
            }
            let s = self.schema(arm, &base.index(i));
            nullable |= s.nullable || self.resolved_nullable(&s);
            out.push(s);
        }
        let mut s = match out.len() {
            0 => Schema::any(),
            1 => out.into_iter().next().unwrap_or_else(Schema::any),
            _ => Schema::new(Type::AnyOf { arms: out }),
        };
        s.nullable |= nullable;
        s
    }

    fn typed(&mut self, kw: &Keywords<'a, T>, ptr: &Ptr<'_>) -> Schema {
        let mut nullable = false;
        let mut types: Vec<&str> = Vec::new();
        if let Some(t) = kw.ty.and_then(T::as_str) {
            types.push(t);
        } else if let Some(ts) = kw.ty.and_then(T::as_array) {
            for t in ts.iter().filter_map(T::as_str) {
                if t == "null" {
                    nullable = true;
                } else {
                    types.push(t);
                }
            }
        }
        let mut enumeration: Option<Vec<&'a T>> = kw.enumeration.map(|a| a.iter().collect());
        if let Some(c) = kw.constant {
            enumeration = Some(vec![c]);
        }
        if let Some(values) = &mut enumeration
            && values.iter().any(|v| v.is_null())
        {
            nullable = true;
            values.retain(|v| !v.is_null());
        }
        if types.is_empty() {
            if kw.properties.is_some() || kw.additional.is_some() {
                types.push("object");
            } else if kw.items.is_some() {
                types.push("array");
            } else if let Some(values) = &enumeration {
                if !values.is_empty() && values.iter().all(|v| v.is_string()) {
                    types.push("string");
                } else if !values.is_empty() && values.iter().all(|v| v.is_i64()) {
                    types.push("integer");
                } else if !values.is_empty() && values.iter().all(|v| v.as_bool().is_some()) {
                    types.push("boolean");
                }
            }
        }
        let mut arms: Vec<Schema> = Vec::with_capacity(types.len());
        for t in &types {
            let ty = self.one_type(t, kw, enumeration.as_deref(), ptr);
            arms.push(Schema::new(ty));
        }
        let mut s = match arms.len() {
            0 => Schema::any(),
            1 => arms.into_iter().next().unwrap_or_else(Schema::any),
            _ => Schema::new(Type::AnyOf { arms }),
        };
        s.nullable = nullable;
        // An `enum` or `const` the one type carries exactly stays there; any other (on a
        // number, an array, an object, several types or none) is kept as the allowed values.
        let carried = match (types.as_slice(), &enumeration) {
            (_, None) => true,
            ([t], Some(values)) => values.iter().all(|v| match *t {
                "string" => v.is_string(),
                "integer" => v.is_i64(),
                "boolean" => v.as_bool().is_some(),
                _ => false,
            }),
            _ => false,
        };
        let allowed = if carried {
            None
        } else {
            enumeration.map(|vs| vs.iter().map(|v| v.to_value()).collect())
        };
        s.assertions = assertions(kw, allowed);
        s
    }

    fn one_type(
        &mut self,
        t: &str,
        kw: &Keywords<'a, T>,
        enumeration: Option<&[&'a T]>,
        ptr: &Ptr<'_>,
    ) -> Type {
        let text = |v: Option<&'a T>| v.and_then(T::as_str).map(str::to_string);
        let count = |v: Option<&'a T>| v.and_then(T::as_u64);
        match t {
            "string" => Type::String {
                format: text(kw.format).or_else(|| kw.content_format().map(str::to_string)),
                enumeration: enumeration.map(|vs| {
                    vs.iter()
                        .map(|v| match v.as_str() {
                            Some(s) => s.to_string(),
                            None => v.to_value().to_string(),
                        })
                        .collect()
                }),
                pattern: text(kw.pattern),
                min_length: count(kw.min_length),
                max_length: count(kw.max_length),
            },
            "integer" => {
                let (minimum, exclusive_min) = bound(kw.minimum, kw.exclusive_minimum);
                let (maximum, exclusive_max) = bound(kw.maximum, kw.exclusive_maximum);
                // Exclusive integer bounds fold into inclusive ones.
                let minimum = minimum.map(|m| {
                    if exclusive_min {
                        m.floor() + 1.0
                    } else {
                        m.ceil()
                    }
                });
                let maximum = maximum.map(|m| {
                    if exclusive_max {
                        m.ceil() - 1.0
                    } else {
                        m.floor()
                    }
                });
                Type::Integer {
                    format: text(kw.format),
                    minimum,
                    maximum,
                    enumeration: enumeration
                        .map(|vs| vs.iter().filter_map(|v| v.as_i64()).collect()),
                }
            }
            "number" => {
                let (minimum, exclusive_minimum) = bound(kw.minimum, kw.exclusive_minimum);
                let (maximum, exclusive_maximum) = bound(kw.maximum, kw.exclusive_maximum);
                Type::Number {
                    format: text(kw.format),
                    minimum,
                    maximum,
                    exclusive_minimum,
                    exclusive_maximum,
                }
            }
            "boolean" => Type::Boolean {
                enumeration: enumeration.map(|vs| vs.iter().filter_map(|v| v.as_bool()).collect()),
            },
            "array" => {
                let items = match kw.items {
                    Some(i) => self.schema(i, &ptr.key("items")),
                    None => Schema::any(),
                };
                Type::Array {
                    items: Box::new(items),
                    min_items: count(kw.min_items),
                    max_items: count(kw.max_items),
                }
            }
            "object" => {
                let required = kw.required();
                let mut fields = Vec::new();
                if let Some(props) = kw.properties {
                    fields.reserve(props.len());
                    let pp = ptr.key("properties");
                    for (name, s) in props.entries() {
                        let fp = pp.key(name);
                        fields.push(Field {
                            required: required.contains(&name),
                            read_only: s.get("readOnly").is_some_and(T::is_true),
                            schema: self.schema(s, &fp),
                            name: name.to_string(),
                        });
                    }
                }
                let open = !kw.additional.is_some_and(T::is_false);
                // A required name the object does not declare is still required: the value
                // must carry it (an open object admits any value for it), as a validator of
                // the spec enforces (`progenitor-cli-gen.json`'s `GET /uno` requires a
                // `required` it never declares). The same rule as across `allOf` arms.
                if open {
                    for name in &required {
                        if !fields.iter().any(|f| f.name == *name) {
                            fields.push(undeclared_required(name));
                        }
                    }
                }
                // A map's values (`additionalProperties: {schema}`) are kept when they say
                // something: `{}` (any value) keeps none, as `true` does.
                let values = kw
                    .additional
                    .filter(|a| a.is_object())
                    .map(|a| self.schema(a, &ptr.key("additionalProperties")))
                    .filter(|v| v.ty != Type::Any)
                    .map(Box::new);
                Type::Object {
                    fields,
                    open,
                    values,
                }
            }
            _ => Type::Any,
        }
    }
}

/// Whether a schema read as [`Type::Any`] takes `null`: a schema of no type accepts every JSON
/// value, null included (JSON Schema; OpenAPI 3.0's `nullable` only widens a declared `type`),
/// unless an `enum` or `const` beside it leaves null out. So the input schema offers null there
/// and the decoder takes it (docs/accounting.md, "A typeless schema takes null").
fn typeless_takes_null(s: &Schema) -> bool {
    s.ty == Type::Any
        && s.assertions
            .as_ref()
            .and_then(|a| a.allowed.as_ref())
            .is_none_or(|allowed| allowed.contains(&serde_json::Value::Null))
}

/// The validation keywords of `kw` that its type does not carry, with `allowed` values; `None`
/// when there are none. A `multipleOf` that is not a positive number is no constraint.
fn assertions<T: Tree>(
    kw: &Keywords<'_, T>,
    allowed: Option<Vec<serde_json::Value>>,
) -> Option<Box<Assertions>> {
    let a = Assertions {
        multiple_of: kw
            .multiple_of
            .and_then(T::as_f64)
            .filter(|m| m.is_finite() && *m > 0.0),
        unique_items: kw.unique_items,
        min_properties: kw.min_properties.and_then(T::as_u64),
        max_properties: kw.max_properties.and_then(T::as_u64),
        allowed,
        required_alternatives: Vec::new(),
    };
    (!a.is_empty()).then(|| Box::new(a))
}

/// The alternatives of a `oneOf`/`anyOf` (`key`) whose arms only require properties: each arm
/// an object of `required` names and nothing else but annotations (`description`, `title`,
/// `x-*`) and `type: object`. `None` for any other arms, and for an `anyOf` one of whose arms
/// requires nothing (it always holds).
fn required_alternatives<T: Tree>(key: &str, arms: &[T]) -> Option<RequiredAlternatives> {
    let mut sets = Vec::with_capacity(arms.len());
    for arm in arms {
        let obj = arm.as_object()?;
        let mut set = None;
        for (k, v) in obj.entries() {
            match k {
                "required" => {
                    let names = v.as_array()?;
                    let names: Option<Vec<String>> = names
                        .iter()
                        .map(|n| n.as_str().map(str::to_string))
                        .collect();
                    set = Some(names?);
                }
                "type" if v.as_str() == Some("object") => {}
                "description" | "title" => {}
                x if x.starts_with("x-") => {}
                _ => return None,
            }
        }
        sets.push(set?);
    }
    let exactly_one = key == "oneOf";
    if sets.is_empty() || (!exactly_one && sets.iter().any(Vec::is_empty)) {
        return None;
    }
    Some(RequiredAlternatives::new(exactly_one, sets))
}

/// `s` bound by `alternatives` too: each arm of a union (an object of the merged `allOf` is
/// one of them), else `s` itself.
fn with_alternatives(mut s: Schema, alternatives: Vec<RequiredAlternatives>) -> Schema {
    if alternatives.is_empty() {
        return s;
    }
    let add = |s: &mut Schema| {
        let own = &mut s.assertions_mut().required_alternatives;
        for a in &alternatives {
            if !own.contains(a) {
                own.push(a.clone());
            }
        }
    };
    match &mut s.ty {
        Type::AnyOf { arms } if !arms.is_empty() => arms.iter_mut().for_each(add),
        _ => add(&mut s),
    }
    s
}

/// Whether an `allOf` member says something: an opaque member (one that only describes or
/// annotates) is left out of the merge, unless it stands for a recursive reference.
pub(super) fn is_meaningful(s: &Schema) -> bool {
    !(s.ty == Type::Any
        && s.description
            .as_deref()
            .is_none_or(|d| !d.starts_with("recursive")))
}

/// The one schema meeting every member of an `allOf` (two or more, each read one level deep):
/// objects merge into one object's properties, scalars of one kind into that scalar with every
/// member's constraints; `None` for anything else (no value, or none `catalog` can write as one
/// schema, meets them all).
pub(super) fn merge_members(members: Vec<Schema>) -> Option<Schema> {
    if !members.iter().all(|s| matches!(s.ty, Type::Object { .. })) {
        return super::all_of_scalars::merge(&members);
    }
    let mut fields: Vec<Field> = Vec::new();
    let mut open = true;
    let mut values: Option<Box<Schema>> = None;
    let mut description = None;
    let mut assertions = None;
    for s in members {
        description = description.or(s.description);
        assertions = super::all_of_scalars::both_assertions(assertions, s.assertions.as_deref())?;
        if let Type::Object {
            fields: arm_fields,
            open: arm_open,
            values: arm_values,
        } = s.ty
        {
            open &= arm_open;
            // The first arm that gives the values' schema gives it.
            values = values.or(arm_values);
            for f in arm_fields {
                match fields.iter_mut().find(|g| g.name == f.name) {
                    Some(g) => {
                        // `required` from any arm binds; the later arm's schema refines the
                        // earlier one unless it is opaque.
                        let required = g.required || f.required;
                        if f.schema.ty != Type::Any {
                            *g = f;
                        }
                        g.required = required;
                    }
                    None => fields.push(f),
                }
            }
        }
    }
    Some(Schema {
        description,
        assertions,
        ..Schema::new(Type::Object {
            fields,
            open,
            values: if open { values } else { None },
        })
    })
}

/// A merged `allOf` object with the names required across its members marked required. A
/// required name no member declares is still required: the body must carry it, with any value
/// (an open object admits it). DigitalOcean's uptime check requires a `method` its one arm
/// does not declare.
pub(super) fn with_required(mut merged: Schema, all_required: &[&str]) -> Schema {
    if let Type::Object { fields, open, .. } = &mut merged.ty {
        for f in fields.iter_mut() {
            f.required |= all_required.contains(&f.name.as_str());
        }
        if *open {
            for name in all_required {
                if !fields.iter().any(|f| f.name == *name) {
                    fields.push(undeclared_required(name));
                }
            }
        }
    }
    merged
}

// A property the schema requires without declaring it: any value, required.
fn undeclared_required(name: &str) -> Field {
    Field {
        name: name.to_string(),
        required: true,
        read_only: false,
        schema: Schema {
            description: Some(
                "required by the spec, which declares no schema for it: any JSON value".into(),
            ),
            ..Schema::any()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::typeless_takes_null;
    use crate::model::{Schema, Type};
    use serde_json::json;

    #[test]
    fn only_a_typeless_schema_takes_null_and_only_where_its_enum_allows() {
        assert!(typeless_takes_null(&Schema::new(Type::Any)));
        assert!(!typeless_takes_null(&Schema::new(Type::boolean())));
        let mut listed = Schema::new(Type::Any);
        listed.assertions_mut().allowed = Some(vec![json!("a"), json!(1)]);
        assert!(!typeless_takes_null(&listed));
        listed.assertions_mut().allowed = Some(vec![json!("a"), json!(null)]);
        assert!(typeless_takes_null(&listed));
        // Assertions without an enum leave it typeless.
        let mut bounded = Schema::new(Type::Any);
        bounded.assertions_mut().min_properties = Some(1);
        assert!(typeless_takes_null(&bounded));
    }
}
