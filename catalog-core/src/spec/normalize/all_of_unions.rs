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

use super::normalizer::{Combination, Normalizer};
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
mod tests;
