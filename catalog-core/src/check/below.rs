//! Addresses below a parameter (`body.data.type`, `body.items[].kind`, `body.targets{}.weight`):
//! the property inside a body property's value that a tool-level `fixed(...)` or `omitted(...)`
//! names, found by walking the parameter's schema as the accounting writes paths (`[]` for an
//! array's items, `{}` for a map's values).
//!
//! Only [`resolve`] decides what such an address names; [`reconcile`](super::reconcile) checks
//! the value or the omission, and puts the entry on the row of the field that sets the
//! parameter ([`Below`](crate::model::Below)).

use super::nested::{declared_names, is_empty_string, map_values, or_empty_arm};
use super::suggest::{Candidate, suggest};
use super::values::check_value;
use crate::model::{
    BelowStep, Field, Location, Operation, Param, RequiredAlternatives, Schema, Type, below_steps,
};
use serde_json::Value;

/// The property an address below a parameter names.
#[derive(Debug)]
pub(crate) struct Found<'o> {
    /// The parameter's index in the operation's `params`.
    pub(crate) param: usize,
    /// The address below `body.` as the accounting writes it (`data.type`).
    pub(crate) address: String,
    /// The property's declaration.
    pub(crate) property: &'o Field,
    /// The object that declares it, as the accounting writes it (`body.data`).
    pub(crate) parent: String,
}

/// What is wrong with a `fixed(...)` or `omitted(...)` entry below a parameter.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    /// The entry cannot stand at its address (reported at the address).
    Address(String),
    /// The fixed value does not fit the property (reported at the value).
    Value(String),
}

/// What is wrong with fixing the property `found` (written `address`) to `value`, if anything.
pub(crate) fn fixed_problem(address: &str, found: &Found<'_>, value: &Value) -> Option<Problem> {
    let property = found.property;
    if property.read_only {
        return Some(Problem::Address(format!(
            "`{address}` is read-only: the server sets it and ignores a value sent; remove this \
             `fixed(...)`"
        )));
    }
    check_value(&property.schema, value).map(|why| {
        Problem::Value(format!(
            "fixed value for `{address}` does not fit its schema ({}): {why}",
            property.schema.ty.describe()
        ))
    })
}

/// What is wrong with omitting the property `found` (written `address`), if anything; `states`
/// is whether the entry says `clears` or `keeps`.
pub(crate) fn omitted_problem(address: &str, found: &Found<'_>, states: bool) -> Option<Problem> {
    let property = found.property;
    let parent = &found.parent;
    let message = if property.read_only {
        format!(
            "`{address}` is read-only: the server sets it, and no tool sends it; there is nothing \
             to omit, remove this entry"
        )
    } else if property.required {
        format!(
            "`{address}` is required by `{parent}` and cannot be omitted; set it with a field of \
             the struct that stands for `{parent}`, or fix it with `fixed(\"{address}\", value = \
             ..., reason = \"...\")`"
        )
    } else if states {
        format!(
            "`clears` and `keeps` say what a write does to a top-level body property; inside \
             `{parent}` they are not read: remove it from the omission of `{address}`"
        )
    } else {
        return None;
    };
    Some(Problem::Address(message))
}

/// What `address` names below a body parameter: `None` when it is no such address (not
/// `body.` with a step below a parameter), else the property or why there is none.
pub(crate) fn resolve<'o>(op: &'o Operation, address: &str) -> Option<Result<Found<'o>, String>> {
    let rest = address.strip_prefix("body.")?;
    let steps = below_steps(rest);
    let (param, walk, so_far) = start(op, &steps)?;
    Some(
        walk_to(&op.params[param].schema, walk, so_far).map(|(property, parent)| Found {
            param,
            address: rest.to_string(),
            property,
            parent,
        }),
    )
}

/// Where an address below a body parameter names a property its object does not declare
/// (`undocumented("body.data.visits", ...)`): the parameter's index and the address below
/// `body.` (`data.visits`), or why it cannot stand there (the spec declares it, a step names
/// nothing). `None` when it is no such address, or one a whole body's own property (a
/// parameter of its own) has.
pub(crate) fn undeclared(op: &Operation, address: &str) -> Option<Result<(usize, String), String>> {
    let rest = address.strip_prefix("body.")?;
    let steps = below_steps(rest);
    let (param, walk, so_far) = start(op, &steps)?;
    let (BelowStep::Property(name), prefix) = walk.split_last()? else {
        return None;
    };
    let p = &op.params[param];
    if prefix.is_empty() && p.name.is_empty() {
        return None;
    }
    // Down to the last property before it, then into its elements or values.
    let last = prefix
        .iter()
        .rposition(|s| matches!(s, BelowStep::Property(_)));
    let (mut object, mut parent) = match last {
        None => (&p.schema, so_far),
        Some(i) => match walk_to(&p.schema, &prefix[..=i], so_far) {
            Ok((field, declaring)) => (&field.schema, format!("{declaring}.{}", field.name)),
            Err(why) => return Some(Err(why)),
        },
    };
    for marker in &prefix[last.map_or(0, |i| i + 1)..] {
        object = match into_elements(object, marker, &mut parent) {
            Ok(inner) => inner,
            Err(why) => return Some(Err(why)),
        };
    }
    Some(match object_of(object, &parent, name) {
        Ok(fields) if fields.iter().any(|f| f.name == *name) => Err(format!(
            "`{address}` is declared by the spec: fix it, omit it, or set it with a field of \
             the struct that stands for `{parent}`, not as undocumented"
        )),
        Ok(_) => Ok((param, rest.to_string())),
        Err(why) => Err(why),
    })
}

/// The parameter an address below `body.` starts in (named by its first step, else the whole
/// body), the steps below it, and its own address.
fn start<'s, 'a>(
    op: &Operation,
    steps: &'s [BelowStep<'a>],
) -> Option<(usize, &'s [BelowStep<'a>], String)> {
    let named = match steps.first() {
        Some(BelowStep::Property(name)) if steps.len() > 1 => op
            .params
            .iter()
            .position(|p| p.location == Location::Body && p.name == *name),
        _ => None,
    };
    let whole = || {
        op.params
            .iter()
            .position(|p| p.location == Location::Body && p.name.is_empty())
    };
    Some(match named {
        Some(i) => {
            let name = &op.params[i].name;
            (i, &steps[1..], format!("body.{name}"))
        }
        None => (whole()?, steps, "body".to_string()),
    })
}

/// The declaration of the property a [`Below`](crate::model::Below) address names inside the
/// value of `param` (the row's parameter it was put on), for tables that show its type.
pub(crate) fn property_at<'o>(param: &'o Param, address: &str) -> Option<&'o Field> {
    let steps = below_steps(address);
    let from = usize::from(!param.name.is_empty());
    walk_to(&param.schema, steps.get(from..)?, String::new())
        .ok()
        .map(|(field, _)| field)
}

/// Replaces the schema of the property a [`Below`](crate::model::Below) address names inside
/// the value of `param` (the row's parameter) with `schema`: the type the server reads there.
/// False where there is no such property (the address resolves against the operation's own
/// parameter first, so a row's always has it).
pub(crate) fn retype(param: &mut Param, address: &str, schema: Schema) -> bool {
    let steps = below_steps(address);
    let from = usize::from(!param.name.is_empty());
    let Some(field) = steps
        .get(from..)
        .and_then(|steps| field_mut(&mut param.schema, steps))
    else {
        return false;
    };
    field.schema = schema;
    true
}

/// Adds `property` to the object at the parent of a [`Below`](crate::model::Below) address
/// inside the value of `param` (the row's parameter): a property the spec does not declare,
/// which the struct standing for the object sets. False where there is no such object.
pub(crate) fn declare(param: &mut Param, address: &str, property: Field) -> bool {
    let steps = below_steps(address);
    let from = usize::from(!param.name.is_empty());
    let Some((BelowStep::Property(_), prefix)) = steps.get(from..).and_then(|s| s.split_last())
    else {
        return false;
    };
    match schema_mut(&mut param.schema, prefix).and_then(fields_mut) {
        Some(fields) => {
            fields.push(property);
            true
        }
        None => false,
    }
}

/// Settles the required alternatives (`anyOf: [{required: [a]}, {required: [b]}]`) of the
/// object holding the property a [`Below`](crate::model::Below) address names inside the value
/// of `param`, for a tool that sends the property always (`sent`: fixed) or never (omitted):
/// one always sent holds in every arm, so it leaves each arm's names (an arm left with none
/// always holds, which a `oneOf` still counts); one never sent holds in no arm, so the arms
/// naming it go. The alternatives an object is left with no arm of, which nothing can satisfy,
/// are kept as they were, and their places among the object's are returned
/// ([`alternatives_of`] reads them as the spec has them).
pub(crate) fn settle_alternatives(param: &mut Param, address: &str, sent: bool) -> Vec<usize> {
    let Some((name, object)) = holder_mut(param, address) else {
        return Vec::new();
    };
    let mut unmet = Vec::new();
    let mut settle = |schema: &mut Schema| {
        let Some(assertions) = schema.assertions.as_mut() else {
            return;
        };
        for (k, alternatives) in assertions.required_alternatives.iter_mut().enumerate() {
            if !alternatives.settle(name, sent) {
                unmet.push(k);
            }
        }
    };
    settle(object);
    if let Type::AnyOf { arms } = &mut object.ty {
        arms.iter_mut().for_each(settle);
    }
    unmet
}

/// The required alternatives of the object holding the property a
/// [`Below`](crate::model::Below) address names inside `param`'s value (and of the object arm
/// of an `anyOf [object, ""]` there).
pub(crate) fn alternatives_of(mut param: Param, address: &str) -> Vec<RequiredAlternatives> {
    let Some((_, object)) = holder_mut(&mut param, address) else {
        return Vec::new();
    };
    let own = |s: &Schema| {
        s.assertions
            .as_ref()
            .map(|a| a.required_alternatives.clone())
            .unwrap_or_default()
    };
    let mut all = own(object);
    if let Type::AnyOf { arms } = &object.ty {
        all.extend(arms.iter().flat_map(own));
    }
    all
}

/// The last property's name of a [`Below`](crate::model::Below) address inside `param`'s value,
/// and the schema of the object holding it.
fn holder_mut<'p, 'a>(param: &'p mut Param, address: &'a str) -> Option<(&'a str, &'p mut Schema)> {
    let steps = below_steps(address);
    let from = usize::from(!param.name.is_empty());
    let (BelowStep::Property(name), prefix) = steps.get(from..)?.split_last()? else {
        return None;
    };
    Some((name, schema_mut(&mut param.schema, prefix)?))
}

/// [`walk_to`] for changing the property: no message, only the way down.
fn field_mut<'o>(schema: &'o mut Schema, steps: &[BelowStep<'_>]) -> Option<&'o mut Field> {
    let (last, init) = steps.split_last()?;
    let BelowStep::Property(name) = last else {
        return None;
    };
    fields_mut(schema_mut(schema, init)?)?
        .iter_mut()
        .find(|f| f.name == *name)
}

/// The schema `steps` lead to from `schema`, for changing it.
fn schema_mut<'o>(mut schema: &'o mut Schema, steps: &[BelowStep<'_>]) -> Option<&'o mut Schema> {
    for step in steps {
        schema = match step {
            BelowStep::Property(name) => {
                &mut fields_mut(schema)?
                    .iter_mut()
                    .find(|f| f.name == *name)?
                    .schema
            }
            BelowStep::Items => match &mut schema.ty {
                Type::Array { items, .. } => items,
                _ => return None,
            },
            BelowStep::Values => match &mut schema.ty {
                Type::Object {
                    fields,
                    values: Some(values),
                    ..
                } if fields.is_empty() => values,
                _ => return None,
            },
        };
    }
    Some(schema)
}

/// The properties of the object `schema` is, through the object arm of `anyOf [object, ""]`
/// ([`object_of`], for changing them).
fn fields_mut(schema: &mut Schema) -> Option<&mut Vec<Field>> {
    let arm = match &schema.ty {
        Type::AnyOf { arms } if or_empty_arm(schema).is_some() => {
            arms.iter().position(|arm| !is_empty_string(arm))
        }
        _ => None,
    };
    let schema = match arm {
        Some(i) => match &mut schema.ty {
            Type::AnyOf { arms } => arms.get_mut(i)?,
            _ => return None,
        },
        None => schema,
    };
    match &mut schema.ty {
        Type::Object { fields, .. } if !fields.is_empty() => Some(fields),
        _ => None,
    }
}

/// Follows `steps` from `schema` (whose address is `so_far`) to the property the last names.
fn walk_to<'o>(
    mut schema: &'o Schema,
    steps: &[BelowStep<'_>],
    mut so_far: String,
) -> Result<(&'o Field, String), String> {
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        match step {
            BelowStep::Property(name) => {
                let fields = object_of(schema, &so_far, name)?;
                let Some(field) = fields.iter().find(|f| f.name == *name) else {
                    let candidates: Vec<Candidate<'_>> =
                        fields.iter().map(|f| Candidate::new(&f.name)).collect();
                    let hint = match suggest(name, None, &candidates).candidate() {
                        Some(c) => format!("did you mean `{so_far}.{}`?", c.name),
                        None => format!("it declares {}", declared_names(fields)),
                    };
                    return Err(format!("`{so_far}` declares no property `{name}`; {hint}"));
                };
                if last {
                    return Ok((field, so_far));
                }
                so_far = format!("{so_far}.{name}");
                schema = &field.schema;
            }
            marker => schema = into_elements(schema, marker, &mut so_far)?,
        }
    }
    Err(format!(
        "`{so_far}` is not a property: an address ends at a property's name \
         (`{so_far}.<name>`)"
    ))
}

/// The schema of each element of the array (`[]`) or each value of the map (`{}`) `schema` is,
/// its marker added to `so_far`; or what to remove.
fn into_elements<'o>(
    schema: &'o Schema,
    marker: &BelowStep<'_>,
    so_far: &mut String,
) -> Result<&'o Schema, String> {
    let (inner, written, kind) = match marker {
        BelowStep::Items => match &schema.ty {
            Type::Array { items, .. } => (Some(items.as_ref()), "[]", "an array"),
            _ => (None, "[]", "an array"),
        },
        _ => (map_values(schema), "{}", "a map"),
    };
    match inner {
        Some(inner) => {
            so_far.push_str(written);
            Ok(inner)
        }
        None => Err(format!(
            "`{so_far}` is {}, not {kind}: remove the `{written}` after it",
            schema.ty.describe()
        )),
    }
}

/// The properties of the object `schema` is (through the object arm of `anyOf [object, ""]`),
/// or what to write instead of stepping into `name`.
fn object_of<'o>(schema: &'o Schema, so_far: &str, name: &str) -> Result<&'o [Field], String> {
    let schema = or_empty_arm(schema).unwrap_or(schema);
    match &schema.ty {
        Type::Object { fields, .. } if !fields.is_empty() => Ok(fields),
        Type::Array { .. } => Err(format!(
            "`{so_far}` is an array: write `{so_far}[].{name}` for the property of each element"
        )),
        Type::Object {
            values: Some(_), ..
        } => Err(format!(
            "`{so_far}` is a map: write `{so_far}{{}}.{name}` for the property of each value"
        )),
        other => Err(format!(
            "`{so_far}` is {}, which declares no property to address inside it",
            other.describe()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{array_of as array, field, object, op, param, string};

    /// `POST /tasks` with a body property `data` (`type`, `attributes.title`), `items[]` of
    /// `kind`, and `targets{}` of `weight`.
    fn create_task() -> Operation {
        let mut data = param(Location::Body, "data");
        data.schema = object(vec![
            field("type", string()),
            field("attributes", object(vec![field("title", string())])),
        ]);
        let mut items = param(Location::Body, "items");
        items.schema = array(object(vec![field("kind", string())]));
        let mut targets = param(Location::Body, "targets");
        targets.schema = Schema::new(Type::Object {
            fields: vec![],
            open: true,
            values: Some(Box::new(object(vec![field("weight", string())]))),
        });
        op("POST", "/tasks")
            .id("CreateTask")
            .params(vec![data, items, targets])
            .build()
    }

    fn found(address: &str) -> (usize, String, String, String) {
        let op = create_task();
        let f = resolve(&op, address)
            .expect("an address below")
            .expect("found");
        (f.param, f.address, f.property.name.clone(), f.parent)
    }

    fn refused(address: &str) -> String {
        let op = create_task();
        resolve(&op, address)
            .expect("an address below")
            .expect_err("refused")
    }

    #[test]
    fn a_property_of_an_object_an_array_item_or_a_map_value_is_found() {
        assert_eq!(
            found("body.data.type"),
            (0, "data.type".into(), "type".into(), "body.data".into())
        );
        assert_eq!(
            found("body.data.attributes.title"),
            (
                0,
                "data.attributes.title".into(),
                "title".into(),
                "body.data.attributes".into()
            )
        );
        assert_eq!(found("body.items[].kind").2, "kind");
        assert_eq!(found("body.items[].kind").3, "body.items[]");
        assert_eq!(found("body.targets{}.weight").3, "body.targets{}");
    }

    #[test]
    fn an_address_that_is_not_below_a_parameter_is_not_answered() {
        let op = create_task();
        assert!(resolve(&op, "body.data").is_none());
        assert!(resolve(&op, "query.data.type").is_none());
        assert!(resolve(&op, "body.nothing.type").is_none());
    }

    #[test]
    fn each_wrong_step_says_what_to_write() {
        assert_eq!(
            refused("body.data.typ"),
            "`body.data` declares no property `typ`; did you mean `body.data.type`?"
        );
        assert_eq!(
            refused("body.items.kind"),
            "`body.items` is an array: write `body.items[].kind` for the property of each element"
        );
        assert_eq!(
            refused("body.targets.weight"),
            "`body.targets` is a map: write `body.targets{}.weight` for the property of each value"
        );
        assert_eq!(
            refused("body.data[].type"),
            "`body.data` is object (2 fields), not an array: remove the `[]` after it"
        );
        assert_eq!(
            refused("body.data.type.x"),
            "`body.data.type` is string, which declares no property to address inside it"
        );
        assert_eq!(
            refused("body.items[]"),
            "`body.items[]` is not a property: an address ends at a property's name \
             (`body.items[].<name>`)"
        );
        assert_eq!(
            refused("body.data.zzzzzz"),
            "`body.data` declares no property `zzzzzz`; it declares `type` and `attributes`"
        );
    }

    #[test]
    fn a_whole_body_is_walked_from_its_first_property() {
        let mut body = param(Location::Body, "");
        body.schema = object(vec![field("data", object(vec![field("type", string())]))]);
        let op = op("POST", "/tasks")
            .id("CreateTask")
            .params(vec![body])
            .build();
        let f = resolve(&op, "body.data.type").unwrap().unwrap();
        assert_eq!(
            (f.param, f.address.as_str(), f.parent.as_str()),
            (0, "data.type", "body.data")
        );
    }

    #[test]
    fn an_undeclared_property_is_found_through_objects_arrays_and_maps() {
        let op = create_task();
        let undeclared_at = |address: &str| undeclared(&op, address);
        assert_eq!(
            undeclared_at("body.data.attributes.source"),
            Some(Ok((0, "data.attributes.source".to_string())))
        );
        assert_eq!(
            undeclared_at("body.items[].weight"),
            Some(Ok((1, "items[].weight".to_string())))
        );
        assert_eq!(
            undeclared_at("body.targets{}.extra"),
            Some(Ok((2, "targets{}.extra".to_string())))
        );
        assert_eq!(
            undeclared_at("body.data.attributes.title"),
            Some(Err(
                "`body.data.attributes.title` is declared by the spec: fix it, omit it, or set it \
                 with a field of the struct that stands for `body.data.attributes`, not as \
                 undocumented"
                    .to_string()
            ))
        );
    }

    #[test]
    fn changing_a_property_follows_only_the_steps_a_schema_has() {
        let string = || Schema::new(Type::boolean());
        // An object with properties beside its values' schema is no map.
        let mut both = param(Location::Body, "data");
        both.schema = Schema::new(Type::Object {
            fields: vec![field("y", string())],
            open: true,
            values: Some(Box::new(object(vec![field("y", string())]))),
        });
        assert!(!retype(&mut both, "data{}.y", string()));
        // A union of two objects is no `anyOf [object, ""]`: no object to step into.
        let mut union = param(Location::Body, "data");
        union.schema = Schema::new(Type::AnyOf {
            arms: vec![object(vec![field("y", string())]), object(vec![])],
        });
        let before = union.clone();
        assert!(!retype(&mut union, "data.y", string()));
        assert_eq!(union, before);
        // A free-form object declares nothing to add beside.
        let mut free = param(Location::Body, "data");
        free.schema = object(vec![]);
        assert!(!declare(&mut free, "data.extra", field("extra", string())));
        assert_eq!(free.schema, object(vec![]));
    }
}
