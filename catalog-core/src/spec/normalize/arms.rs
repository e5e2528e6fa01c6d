//! The names of a union body's arms, by which a tool picks one (`variant = "NewTask"`): read
//! from the document, since the normalized union keeps only the arms' shapes.

use super::keywords::is_null_arm;
use super::normalizer::Normalizer;
use crate::spec::tree::{Object, Tree};

impl<'a, T: Tree> Normalizer<'a, T> {
    /// The names of each arm of the body schema `schema` when it is a `oneOf`/`anyOf` (through
    /// `$ref`s), in the order the normalized union keeps them (`null` arms left out): a `$ref`
    /// arm's component name, each discriminator mapping key that maps to it, and its `title`.
    /// Empty when the schema is no union.
    pub(super) fn arm_names(&mut self, schema: &'a T) -> Vec<Vec<String>> {
        let Ok((union, _)) = self.deref(schema, "") else {
            return Vec::new();
        };
        let Some(arms) = ["oneOf", "anyOf"]
            .iter()
            .find_map(|k| union.get(k).and_then(T::as_array))
        else {
            // An `allOf` distributed over a union member names its arms by that union's.
            return union
                .get("allOf")
                .and_then(T::as_array)
                .and_then(|all| self.distributed_arm_names(all))
                .unwrap_or_default();
        };
        let mapping = union
            .get("discriminator")
            .and_then(|d| d.get("mapping"))
            .and_then(T::as_object);
        arms.iter()
            .filter(|arm| !is_null_arm(*arm))
            .map(|arm| self.names_of(arm, mapping))
            .collect()
    }

    // One arm's names, each once, in the order: component name, mapping keys, title.
    fn names_of(&mut self, arm: &'a T, mapping: Option<&'a T::Object>) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let reference = arm.get("$ref").and_then(T::as_str);
        if let Some(r) = reference {
            names.extend(component_name(r));
            if let Some(m) = mapping {
                let keys = m.entries().filter(|(_, v)| {
                    v.as_str()
                        .is_some_and(|v| v == r || Some(v) == component_name(r).as_deref())
                });
                names.extend(keys.map(|(k, _)| k.to_string()));
            }
        }
        let resolved = match reference {
            Some(_) => self.deref(arm, "").ok().map(|(t, _)| t),
            None => Some(arm),
        };
        if let Some(title) = resolved.and_then(|t| t.get("title")).and_then(T::as_str) {
            names.push(title.to_string());
        }
        let mut unique = Vec::with_capacity(names.len());
        for n in names {
            if !n.is_empty() && !unique.contains(&n) {
                unique.push(n);
            }
        }
        unique
    }
}

// The last segment of a component `$ref` (`#/components/schemas/NewTask` → `NewTask`).
// A percent-encoded reference (`#/components/schemas/caf%C3%A9`) names the decoded component.
fn component_name(reference: &str) -> Option<String> {
    let pointer = super::refs::fragment_pointer(reference).ok()?;
    let (_, last) = pointer.rsplit_once('/')?;
    Some(last.replace("~1", "/").replace("~0", "~"))
}

impl<'a, T: Tree> Normalizer<'a, T> {
    /// Why a request body whose schema (through `$ref`s) is an `allOf` that normalized to an
    /// opaque value cannot be sent: two or more of its arms are typed, and they are neither all
    /// objects nor all one scalar kind, so no argument could carry it accounted; or a member is a
    /// `oneOf`/`anyOf` and no arm of the union merges with the other members, or the arms are
    /// too many to pick among (`all_of_unions`).
    pub(super) fn opaque_all_of(&mut self, schema: &'a T) -> Option<String> {
        let (schema, _) = self.deref(schema, "").ok()?;
        let arms = schema.get("allOf").and_then(T::as_array)?;
        let kinds: Vec<String> = arms
            .iter()
            .filter_map(|arm| {
                let name = arm.get("$ref").and_then(T::as_str).and_then(component_name);
                let target = self.deref(arm, "").ok().map(|(t, _)| t);
                let kind = target
                    .and_then(|t| t.get("type"))
                    .and_then(T::as_str)
                    .or_else(|| target.and_then(|t| t.get("properties")).map(|_| "object"))?;
                Some(match name {
                    Some(n) => format!("{kind} (`{n}`)"),
                    None => kind.to_string(),
                })
            })
            .collect();
        // The union members (`oneOf`/`anyOf`), each with how many arms it has.
        let unions: Vec<(&str, usize)> = arms
            .iter()
            .filter_map(|arm| {
                let (target, _) = self.deref(arm, "").ok()?;
                ["oneOf", "anyOf"].into_iter().find_map(|k| {
                    let arms = target.get(k).and_then(T::as_array)?;
                    Some((k, arms.iter().filter(|a| !is_null_arm(*a)).count()))
                })
            })
            .collect();
        if let Some((union, _)) = unions.first() {
            let product = unions.iter().fold(1usize, |p, (_, n)| p.saturating_mul(*n));
            if product > super::all_of_unions::MAX_ARMS {
                let counts: Vec<String> = unions.iter().map(|(_, n)| n.to_string()).collect();
                return Some(format!(
                    "the request body is an `allOf` whose `oneOf`/`anyOf` members make {product} \
                     arms ({}), more than the {} merged arms a tool picks among by `variant`",
                    counts.join(" × "),
                    super::all_of_unions::MAX_ARMS
                ));
            }
            if !kinds.is_empty() {
                return Some(format!(
                    "the request body is an `allOf` of {} and a `{union}` none of whose arms \
                     merges with the other members (objects with a scalar, or scalars of \
                     different kinds), so no value satisfies it",
                    kinds.join(", ")
                ));
            }
        }
        // Arms that only describe or annotate (no `type`, no `properties`) are left out of
        // the merge, so an `allOf` with fewer than two typed arms is a plain opaque value.
        if kinds.len() < 2 {
            return None;
        }
        Some(format!(
            "the request body is an `allOf` of {}, which is neither all objects (merged into one \
             object's properties) nor all one scalar kind (merged into one scalar), so tools \
             cannot account it",
            kinds.join(", ")
        ))
    }
}
