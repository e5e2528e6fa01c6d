//! The normalizer's reads of the table of shared schemas: a `$ref` schema made a reference
//! (its target queued the first time), and a reference read one level deep.

use super::normalizer::Normalizer;
use super::ptr::Ptr;
use super::shared::State;
use crate::model::{Schema, Type, Unsupported};
use crate::spec::tree::Tree;

// Longest chain of references followed to read a schema one level deep (`A: {$ref: B}`, ...).
const MAX_CHAIN: usize = 32;

impl<'a, T: Tree> Normalizer<'a, T> {
    // A `$ref` schema: a reference to its shared schema, which is queued the first time.
    pub(super) fn reference(&mut self, r: &'a T, ptr: &Ptr<'_>) -> Schema {
        let Some(r) = r.as_str() else {
            self.problems.push(Unsupported {
                reason: "`$ref` is not a string".into(),
                pointer: ptr.render(),
            });
            return Schema::any();
        };
        let id = match self.shared.ids.get(r) {
            Some(id) => *id,
            None => match self.resolve(r) {
                Ok(target) => self.shared.add(r, target),
                Err(e) => {
                    self.problems.push(Unsupported {
                        reason: e.to_string(),
                        pointer: ptr.render(),
                    });
                    return Schema::any();
                }
            },
        };
        self.refs.push(id);
        Schema::new(Type::Shared { id })
    }

    // A schema read one level deep: a reference is replaced by the schema it names (refined by
    // the reference's siblings), normalizing it now if need be. A schema being normalized, met
    // again, is a recursive reference.
    pub(super) fn resolved(&mut self, s: &Schema) -> Schema {
        let Type::Shared { id } = s.ty else {
            return s.clone();
        };
        let mut chain = vec![s.clone()];
        let mut id = id;
        let mut target = loop {
            self.normalize_slot(id);
            let slot = &self.shared.slots[id];
            if slot.state == State::InProgress || chain.len() > MAX_CHAIN {
                break Schema {
                    description: Some(format!("recursive reference to `{}`", slot.pointer)),
                    ..Schema::any()
                };
            }
            match slot.schema.ty {
                Type::Shared { id: next } => {
                    chain.push(slot.schema.clone());
                    id = next;
                }
                _ => break slot.schema.clone(),
            }
        };
        for reference in chain.iter().rev() {
            target = target.refined_by(reference);
        }
        target
    }

    // Whether a referenced schema accepts null, without copying it.
    pub(super) fn resolved_nullable(&mut self, s: &Schema) -> bool {
        self.walk_chain(s, |s| s.nullable.then_some(true))
            .unwrap_or(false)
    }

    // A schema's description, the nearest along its chain of references.
    pub(super) fn description_of(&mut self, s: &Schema) -> Option<String> {
        self.walk_chain(s, |s| s.description.clone())
    }

    // The first `Some` of `read` along a chain of references, normalizing as it goes.
    fn walk_chain<R>(&mut self, s: &Schema, read: impl Fn(&Schema) -> Option<R>) -> Option<R> {
        if let Some(t) = read(s) {
            return Some(t);
        }
        let mut next = match s.ty {
            Type::Shared { id } => id,
            _ => return None,
        };
        for _ in 0..MAX_CHAIN {
            self.normalize_slot(next);
            let slot = &self.shared.slots[next];
            if slot.state == State::InProgress {
                return None;
            }
            if let Some(t) = read(&slot.schema) {
                return Some(t);
            }
            match slot.schema.ty {
                Type::Shared { id } => next = id,
                _ => return None,
            }
        }
        None
    }

    // Normalizes every queued shared schema, one after the other.
    pub(super) fn finish_shared(&mut self) {
        while let Some(id) = self.shared.queue.pop() {
            self.normalize_slot(id);
        }
    }

    // Normalizes one shared schema if it is still queued, with its own problems and references.
    fn normalize_slot(&mut self, id: usize) {
        let slot = &mut self.shared.slots[id];
        if slot.state != State::Queued {
            return;
        }
        slot.state = State::InProgress;
        let (pointer, target) = (slot.pointer, slot.target);
        let problems = std::mem::take(&mut self.problems);
        let refs = std::mem::take(&mut self.refs);
        let schema = self.schema(target, &Ptr::root(pointer));
        let slot = &mut self.shared.slots[id];
        slot.schema = schema;
        slot.problems = std::mem::replace(&mut self.problems, problems);
        slot.refs = std::mem::replace(&mut self.refs, refs);
        slot.state = State::Done;
    }
}
