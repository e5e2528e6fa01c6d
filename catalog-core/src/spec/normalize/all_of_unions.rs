//! `allOf` with a `oneOf`/`anyOf` among its members, distributed: `allOf[A, oneOf[B, C]]` is
//! the union `oneOf[allOf[A, B], allOf[A, C]]`, each arm merged with the other members as any
//! `allOf` is (`required` across them included), so a tool sends it arm by arm (`variant`, see
//! [`crate::check::union`]). Several union members give the cross product of their arms, in
//! order (the first member's arm varies slowest). An arm whose merge contradicts (a string
//! beside an object) drops out; when none is left the `allOf` is opaque, and a request body of
//! it is unsupported (`all-of-contradictory`); past [`MAX_ARMS`] arms it is opaque too, and a
//! request body of it is unsupported (`all-of-union-too-many-arms`).
//!
//! PeerTube's video import (`allOf[VideoUpload, oneOf[by URL, by torrent]]`) and Intellifi's
//! `addItem` are the documents that showed it.

use super::Normalizer;
use super::schema::{is_meaningful, merge_members, with_required};
use crate::model::{Schema, Type};
use crate::spec::tree::Tree;

/// The most arms a distributed `allOf` makes: a tool picks one of them by `variant`, and a
/// longer list is no choice a person makes by reading it.
pub(crate) const MAX_ARMS: usize = 16;

/// The most schema nodes distributing may copy in one document: each arm copies the members
/// beside the union, so `allOf`s nested inside those members would multiply without bound in a
/// hostile document. Real specs copy a few thousand.
const MAX_COPIED_NODES: usize = 1 << 20;

/// Which arm of each union member one distributed arm took: `(member, arm)`, the member its
/// index in the `allOf` array, the arm its index among the union's arms (`null` arms left out).
pub(super) type Combination = Vec<(usize, usize)>;

impl<'a, T: Tree> Normalizer<'a, T> {
    /// The union `allOf[members]` is, with `members` read one level deep and at least one of
    /// them a union; records the combination behind each arm for [`Normalizer::arm_names`].
    pub(super) fn distribute(
        &mut self,
        raw: &'a [T],
        members: Vec<(Option<usize>, Schema)>,
        required: &[&str],
    ) -> Schema {
        // Each member's choices: a union's arms (read one level deep), or itself alone.
        let mut choices: Vec<(Option<usize>, bool, Vec<Schema>)> =
            Vec::with_capacity(members.len());
        let mut product: usize = 1;
        for (at, member) in members {
            match member.ty {
                Type::AnyOf { arms } => {
                    let mut resolved = Vec::with_capacity(arms.len());
                    for arm in &arms {
                        resolved.push(self.resolved(arm));
                    }
                    product = product.saturating_mul(resolved.len());
                    choices.push((at, true, resolved));
                }
                _ => choices.push((at, false, vec![member])),
            }
        }
        if product > MAX_ARMS {
            return Schema::any();
        }
        let copied: usize = choices
            .iter()
            .map(|(_, _, c)| c.iter().map(nodes).sum::<usize>())
            .sum::<usize>()
            .saturating_mul(product);
        self.copied_nodes = self.copied_nodes.saturating_add(copied);
        if self.copied_nodes > MAX_COPIED_NODES {
            return Schema::any();
        }
        let mut arms = Vec::with_capacity(product);
        let mut taken: Vec<Combination> = Vec::with_capacity(product);
        for n in 0..product {
            // The arm of each union for combination `n`, the last union varying fastest.
            let mut rest = n;
            let mut picked: Vec<usize> = vec![0; choices.len()];
            for (slot, (_, _, c)) in picked.iter_mut().zip(&choices).rev() {
                *slot = rest % c.len();
                rest /= c.len();
            }
            let parts: Vec<Schema> = choices
                .iter()
                .zip(&picked)
                .map(|((_, _, c), &i)| c[i].clone())
                .filter(is_meaningful)
                .collect();
            let merged = match parts.len() {
                0 => Some(Schema::any()),
                1 => parts.into_iter().next(),
                _ => merge_members(parts),
            };
            let Some(merged) = merged else {
                continue;
            };
            arms.push(with_required(merged, required));
            taken.push(
                choices
                    .iter()
                    .zip(&picked)
                    .filter_map(|((at, union, _), &i)| union.then_some((*at, i)))
                    .filter_map(|(at, i)| Some((at?, i)))
                    .collect(),
            );
        }
        self.distributed.insert(raw.as_ptr() as usize, taken);
        match arms.len() {
            0 => Schema::any(),
            1 => arms.into_iter().next().unwrap_or_else(Schema::any),
            _ => Schema::new(Type::AnyOf { arms }),
        }
    }

    /// The names of each arm of a distributed `allOf` (its members in the document): with one
    /// union member, that union's arm names; with several, the first name of each union's arm,
    /// joined by `+` (none when one of them has none).
    pub(super) fn distributed_arm_names(&mut self, raw: &'a [T]) -> Option<Vec<Vec<String>>> {
        let taken = self.distributed.get(&(raw.as_ptr() as usize))?.clone();
        let mut by_member: Vec<(usize, Vec<Vec<String>>)> = Vec::new();
        let mut names = Vec::with_capacity(taken.len());
        for combination in &taken {
            let mut parts: Vec<Vec<String>> = Vec::with_capacity(combination.len());
            for &(member, arm) in combination {
                let known = match by_member.iter().find(|(m, _)| *m == member) {
                    Some((_, n)) => n.clone(),
                    None => {
                        let n = raw.get(member).map_or_else(Vec::new, |m| self.arm_names(m));
                        by_member.push((member, n.clone()));
                        n
                    }
                };
                parts.push(known.get(arm).cloned().unwrap_or_default());
            }
            names.push(match parts.len() {
                1 => parts.pop().unwrap_or_default(),
                _ if parts.iter().all(|p| !p.is_empty()) => {
                    vec![
                        parts
                            .iter()
                            .map(|p| p[0].as_str())
                            .collect::<Vec<_>>()
                            .join("+"),
                    ]
                }
                _ => Vec::new(),
            });
        }
        Some(names)
    }
}

/// How many schema nodes `s` holds inline (a [`Type::Shared`] reference is one).
fn nodes(s: &Schema) -> usize {
    1 + match &s.ty {
        Type::Object { fields, values, .. } => {
            fields.iter().map(|f| nodes(&f.schema)).sum::<usize>()
                + values.as_deref().map_or(0, nodes)
        }
        Type::Array { items, .. } => nodes(items),
        Type::AnyOf { arms } => arms.iter().map(nodes).sum(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use crate::check::union::{describe_arms, union_arms};
    use crate::model::{Operation, Type};
    use crate::spec::normalize::normalize;
    use serde_json::{Value, json};

    /// The one operation of a document whose body schema is `schema`, beside `components`.
    fn operation(schema: Value, components: Value) -> Operation {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": {"application/json": {"schema": schema}}},
                "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": components}});
        normalize(&doc).operations.remove(0)
    }

    fn object(props: &[&str], required: &[&str]) -> Value {
        let properties: serde_json::Map<String, Value> = props
            .iter()
            .map(|p| (p.to_string(), json!({"type": "string"})))
            .collect();
        json!({"type": "object", "properties": properties, "required": required})
    }

    fn reasons(op: &Operation) -> Vec<String> {
        op.unsupported.iter().map(|u| u.reason.clone()).collect()
    }

    /// `(name, required)` of each field of each arm.
    fn arm_fields(op: &Operation) -> Vec<Vec<(String, bool)>> {
        union_arms(op)
            .expect("a union body")
            .iter()
            .map(|arm| match &arm.ty {
                Type::Object { fields, .. } => fields
                    .iter()
                    .map(|f| (f.name.clone(), f.required))
                    .collect(),
                other => panic!("an object arm, not {other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_union_member_is_distributed_into_merged_arms_named_by_the_union() {
        // `required` beside the `allOf` binds a field only the second arm declares.
        let op = operation(
            json!({"required": ["b", "torrent"], "allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"type": "object", "properties": {"b": {"type": "string"}}},
                {"oneOf": [{"$ref": "#/components/schemas/ByUrl"},
                           {"$ref": "#/components/schemas/ByTorrent"}]}]}),
            json!({"Base": object(&["a"], &["a"]),
                   "ByUrl": object(&["url"], &["url"]),
                   "ByTorrent": object(&["torrent", "magnet"], &[])}),
        );
        assert_eq!(reasons(&op), Vec::<String>::new());
        let body = op.body.as_ref().expect("a body");
        assert!(
            body.whole,
            "a union body is one argument until a variant is picked"
        );
        let own = |name: &str, required: bool| (name.to_string(), required);
        assert_eq!(
            arm_fields(&op),
            [
                vec![
                    own("a", true),
                    own("b", true),
                    own("url", true),
                    own("torrent", true)
                ],
                vec![
                    own("a", true),
                    own("b", true),
                    own("torrent", true),
                    own("magnet", false)
                ],
            ]
        );
        assert_eq!(body.arm_names, [vec!["ByUrl"], vec!["ByTorrent"]]);
        // The arm is picked by name, as any union's, and its fields become the body's.
        let mut picked = op.clone();
        crate::check::union::pick_variant(
            &mut picked,
            &crate::check::union::Variant::Name("ByTorrent".into()),
        )
        .unwrap();
        let names: Vec<&str> = picked.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "torrent", "magnet"]);
    }

    #[test]
    fn several_union_members_give_the_cross_product_named_by_both() {
        let op = operation(
            json!({"allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
                {"anyOf": [{"$ref": "#/components/schemas/C"}, {"$ref": "#/components/schemas/D"},
                           {"type": "null"}]}]}),
            json!({"Base": object(&["base"], &[]), "A": object(&["a"], &[]),
                   "B": object(&["b"], &[]), "C": object(&["c"], &[]), "D": object(&["d"], &[])}),
        );
        assert_eq!(
            describe_arms(union_arms(&op).expect("a union body")),
            "object (base, a, c) | object (base, a, d) | object (base, b, c) | object (base, b, d)"
        );
        assert_eq!(
            op.body.as_ref().unwrap().arm_names,
            [vec!["A+C"], vec!["A+D"], vec!["B+C"], vec!["B+D"]]
        );
    }

    #[test]
    fn arms_whose_merge_contradicts_drop_out() {
        // Of a string and an object beside an object, only the object merges: the body is that
        // one object, its fields the body's parameters.
        let op = operation(
            json!({"allOf": [object(&["a"], &["a"]),
                {"oneOf": [{"type": "string"}, object(&["c"], &[])]}]}),
            json!({}),
        );
        assert_eq!(reasons(&op), Vec::<String>::new());
        assert!(!op.body.as_ref().unwrap().whole);
        let names: Vec<(&str, bool)> = op
            .params
            .iter()
            .map(|p| (p.name.as_str(), p.required))
            .collect();
        assert_eq!(names, [("a", true), ("c", false)]);
        // Of three arms, the two that merge are the union, named by theirs.
        let op = operation(
            json!({"allOf": [object(&["a"], &[]), {"oneOf": [
                {"$ref": "#/components/schemas/X"}, {"type": "integer"},
                {"$ref": "#/components/schemas/Y"}]}]}),
            json!({"X": object(&["x"], &[]), "Y": object(&["y"], &[])}),
        );
        assert_eq!(
            describe_arms(union_arms(&op).expect("a union body")),
            "object (a, x) | object (a, y)"
        );
        assert_eq!(op.body.as_ref().unwrap().arm_names, [vec!["X"], vec!["Y"]]);
    }

    #[test]
    fn past_sixteen_arms_the_body_is_refused_saying_how_many() {
        let five = json!({"oneOf": [object(&["a"], &[]), object(&["b"], &[]),
            object(&["c"], &[]), object(&["d"], &[]), object(&["e"], &[])]});
        let op = operation(
            json!({"allOf": [object(&["base"], &[]), five.clone(), five]}),
            json!({}),
        );
        assert_eq!(
            reasons(&op),
            [
                "the request body is an `allOf` whose `oneOf`/`anyOf` members make 25 arms (5 × 5), \
              more than the 16 merged arms a tool picks among by `variant`"
            ]
        );
        assert_eq!(
            crate::spec::reason_class::classify(&reasons(&op)[0]).name,
            "all-of-union-too-many-arms"
        );
        // Sixteen are picked among.
        let four = json!({"oneOf": [object(&["a"], &[]), object(&["b"], &[]),
            object(&["c"], &[]), object(&["d"], &[])]});
        let op = operation(
            json!({"allOf": [object(&["base"], &[]), four.clone(), four]}),
            json!({}),
        );
        assert_eq!(reasons(&op), Vec::<String>::new());
        assert_eq!(union_arms(&op).expect("a union body").len(), 16);
    }

    #[test]
    fn a_lone_union_or_one_beside_annotations_is_left_as_it_is() {
        let op = operation(
            json!({"allOf": [{"description": "d"},
                {"oneOf": [{"$ref": "#/components/schemas/X"}, {"$ref": "#/components/schemas/Y"}]}]}),
            json!({"X": object(&["x"], &[]), "Y": object(&["y"], &[])}),
        );
        assert_eq!(reasons(&op), Vec::<String>::new());
        let body = &op.params[0].schema;
        let Type::AnyOf { arms } = &body.ty else {
            panic!("a union, not {:?}", body.ty);
        };
        // The arms stay references to the shared schemas.
        assert!(
            arms.iter().all(|a| matches!(a.ty, Type::Shared { .. })),
            "{arms:?}"
        );
    }

    #[test]
    fn a_multipart_union_is_refused_as_not_sent_yet() {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": {"multipart/form-data": {"schema": {
                "allOf": [object(&["name"], &["name"]), {"oneOf": [object(&["url"], &["url"]),
                    {"properties": {"file": {"type": "string", "format": "binary"}}}]}]}}}},
                "responses": {"200": {"description": "ok"}}}}}});
        let op = normalize(&doc).operations.remove(0);
        assert_eq!(
            reasons(&op),
            [
                "the request body is `multipart/form-data` with a union (oneOf/anyOf) of 2 \
              objects; tools send a multipart body one part per property of one object, and do \
              not pick a union's arm for it yet"
            ]
        );
    }

    #[test]
    fn past_the_copy_budget_an_all_of_is_any_value() {
        // 16 arms of a member of 70,000 properties copy 1.1 M schema nodes, past the budget
        // of 2^20: the `allOf` is any value.
        let wide: Vec<String> = (0..70_000).map(|i| format!("p{i}")).collect();
        let wide: Vec<&str> = wide.iter().map(String::as_str).collect();
        let sixteen: Vec<Value> = (0..16)
            .map(|i| object(&[&format!("arm{i}")], &[]))
            .collect();
        let op = operation(
            json!({"allOf": [object(&wide, &[]), {"oneOf": sixteen}]}),
            json!({}),
        );
        assert!(union_arms(&op).is_none(), "{:?}", op.body);
        assert_eq!(op.params[0].schema.ty, Type::Any);
        // Below it, the same shape is a union of sixteen arms.
        let sixteen: Vec<Value> = (0..16)
            .map(|i| object(&[&format!("arm{i}")], &[]))
            .collect();
        let op = operation(
            json!({"allOf": [object(&wide[..1000], &[]), {"oneOf": sixteen}]}),
            json!({}),
        );
        assert_eq!(union_arms(&op).expect("a union body").len(), 16);
    }
}
