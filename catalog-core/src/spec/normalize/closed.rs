//! An object closed by `additionalProperties: false` beside `oneOf`/`anyOf`/`allOf` arms that
//! require or declare properties the object itself does not list: the document contradicts
//! itself, and [`ClosedArm`] says where and how.
//!
//! JSON Schema applies `additionalProperties` to the object's own `properties` only: it does
//! not see the arms' (`unevaluatedProperties` does, and is no contradiction). So a property an
//! arm names and the object does not list is refused by the object whatever the arm says:
//!
//! - an arm that **requires** such a property admits no value at all: no value satisfies that
//!   arm (and under `allOf`, which needs every arm, none satisfies the object);
//! - an arm that only **declares** such a property (optional) still admits values, but never
//!   one that carries the property: it is unusable.
//!
//! What counts: the object is a schema object read by the normalizer (one an operation
//! reaches, at any depth: a body, a parameter, a response, a property, an item, a component)
//! with `additionalProperties: false` (the boolean) and no `patternProperties` (which would
//! admit names a pattern matches); each arm of its `oneOf`, `anyOf` and `allOf` is read
//! through `$ref`s, with the `properties` and `required` of its own nested `allOf` members
//! (as deep as `allOf` inside arms is read for `required`). An arm's nested `oneOf`/`anyOf`
//! and a `$ref` arm that does not resolve are not read (the latter is reported as a dangling
//! reference already). Each (object, arm) is reported once, however often the object is read.
//!
//! What catalog then reads ([`Reading`]) is what its normalization does with the object, not a
//! second rule: servers generated from such documents read the arms' properties, and so does
//! catalog where it reads the arms (a union's arms, a merged `allOf`); where it does not read
//! them (arms beside the object's own `properties`, or arms that only add `required`), the
//! object is its own `properties` and the arms' properties are refused as the spec writes it.

use super::closed_arm::{ClosedArm, Reading};
use super::keywords::Keywords;
use super::normalizer::Normalizer;
use super::ptr::Ptr;
use crate::spec::tree::{Object, Tree};

/// How deep `allOf` inside an arm is read for its properties, as for `required` across `allOf`.
const MAX_NESTING: usize = 8;

impl<'a, T: Tree> Normalizer<'a, T> {
    /// Records each arm of the object `kw` (at `ptr`) that names properties its
    /// `additionalProperties: false` refuses. Cold: real documents close few objects beside
    /// arms.
    #[cold]
    pub(super) fn closed_beside_arms(&mut self, kw: &Keywords<'a, T>, ptr: &Ptr<'_>) {
        if !kw.additional.is_some_and(T::is_false) || kw.has_unenforced("patternProperties") {
            return;
        }
        let listed: Vec<&str> = kw.properties.map_or_else(Vec::new, |p| {
            p.entries().map(|(name, _)| name).collect::<Vec<_>>()
        });
        // Which arms the normalization reads: `allOf` first, else the first of `oneOf` and
        // `anyOf` when its arms are shapes (`Normalizer::schema_inner`).
        let union = if kw.all_of.is_some() {
            None
        } else {
            kw.one_of
                .or(kw.any_of)
                .filter(|(_, arms)| kw.arms_are_shapes(arms))
                .map(|(k, _)| k)
        };
        let groups = [
            ("allOf", kw.all_of),
            ("oneOf", kw.one_of.map(|(_, a)| a)),
            ("anyOf", kw.any_of.map(|(_, a)| a)),
        ];
        let mut object = None;
        for (keyword, arms) in groups {
            let Some(arms) = arms else { continue };
            let reading = if keyword == "allOf" || union == Some(keyword) {
                Reading::ArmsAllowed
            } else {
                Reading::OwnOnly
            };
            for (i, arm) in arms.iter().enumerate() {
                let (mut declared, mut required) = (Vec::new(), Vec::new());
                self.arm_properties(arm, &mut declared, &mut required, 0);
                let outside = |names: &[&str], also_not: &[&str]| {
                    let mut out: Vec<String> = names
                        .iter()
                        .filter(|n| !listed.contains(n) && !also_not.contains(n))
                        .map(|n| (*n).to_string())
                        .collect();
                    out.sort();
                    out.dedup();
                    out
                };
                let required_out = outside(&required, &[]);
                let declared_out = outside(&declared, &required);
                if required_out.is_empty() && declared_out.is_empty() {
                    continue;
                }
                let object = object.get_or_insert_with(|| ptr.render()).clone();
                let at = ptr.key(keyword);
                let found = ClosedArm {
                    arm: at.index(i).render(),
                    object,
                    keyword,
                    reference: arm.get("$ref").and_then(T::as_str).map(str::to_string),
                    required: required_out,
                    declared: declared_out,
                    reading,
                };
                if !self.closed_arms.contains(&found) {
                    self.closed_arms.push(found);
                }
            }
        }
    }

    // The properties an arm declares and requires, through `$ref`s and its nested `allOf`s.
    fn arm_properties(
        &mut self,
        arm: &'a T,
        declared: &mut Vec<&'a str>,
        required: &mut Vec<&'a str>,
        depth: usize,
    ) {
        if depth > MAX_NESTING {
            return;
        }
        let Ok((arm, _)) = self.deref(arm, "") else {
            return;
        };
        if let Some(props) = arm.get("properties").and_then(T::as_object) {
            declared.extend(props.entries().map(|(name, _)| name));
        }
        if let Some(names) = arm.get("required").and_then(T::as_array) {
            required.extend(names.iter().filter_map(T::as_str));
        }
        if let Some(inner) = arm.get("allOf").and_then(T::as_array) {
            for member in inner {
                self.arm_properties(member, declared, required, depth + 1);
            }
        }
    }
}

#[cfg(test)]
#[path = "closed_tests.rs"]
mod tests;
