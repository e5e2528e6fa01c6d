//! The table of shared schemas: every component schema reached through `$ref`, normalized
//! once, in the order first referenced.

use super::ptr::Ptr;
use super::{Normalizer, OpRefs};
use crate::model::{Operation, Schema, SharedSchema, Type, Unsupported};
use crate::spec::tree::Tree;
use std::collections::HashMap;

// Longest chain of references followed to read a schema one level deep (`A: {$ref: B}`, ...).
const MAX_CHAIN: usize = 32;

pub(super) struct Shared<'a, T> {
    ids: HashMap<&'a str, usize>,
    slots: Vec<Slot<'a, T>>,
    // Referenced but not normalized yet: normalized after the operations, one at a time, so
    // that a long chain of references does not nest on the stack.
    queue: Vec<usize>,
}

impl<T> Default for Shared<'_, T> {
    fn default() -> Self {
        Shared {
            ids: HashMap::new(),
            slots: Vec::new(),
            queue: Vec::new(),
        }
    }
}

struct Slot<'a, T> {
    pointer: &'a str,
    target: &'a T,
    state: State,
    schema: Schema,
    problems: Vec<Unsupported>,
    refs: Vec<usize>,
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Queued,
    InProgress,
    Done,
}

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

impl<'a, T> Shared<'a, T> {
    fn add(&mut self, pointer: &'a str, target: &'a T) -> usize {
        let id = self.slots.len();
        self.slots.push(Slot {
            pointer,
            target,
            state: State::Queued,
            schema: Schema::any(),
            problems: Vec::new(),
            refs: Vec::new(),
        });
        self.ids.insert(pointer, id);
        self.queue.push(id);
        id
    }

    // A problem in a shared schema makes every operation whose request reaches it unsupported,
    // and is recorded on every response that reaches it. Most documents have none, and then
    // nothing is walked.
    pub(super) fn report_problems(&self, operations: &mut [Operation], op_refs: &[OpRefs]) {
        if self.slots.iter().all(|s| s.problems.is_empty()) {
            return;
        }
        let mut seen = vec![usize::MAX; self.slots.len()];
        let mut sink = 0;
        for (op, refs) in operations.iter_mut().zip(op_refs) {
            self.report_reached(&refs.request, &mut op.unsupported, &mut seen, sink);
            sink += 1;
            for (response, refs) in op.responses.iter_mut().zip(&refs.responses) {
                self.report_reached(refs, &mut response.unsupported, &mut seen, sink);
                sink += 1;
            }
        }
    }

    // Adds the problems of every shared schema reached from `refs` to `out`; `seen` marks the
    // schemas already visited for this `sink`.
    fn report_reached(
        &self,
        refs: &[usize],
        out: &mut Vec<Unsupported>,
        seen: &mut [usize],
        sink: usize,
    ) {
        let mut stack: Vec<usize> = refs.to_vec();
        while let Some(id) = stack.pop() {
            if seen[id] == sink {
                continue;
            }
            seen[id] = sink;
            let slot = &self.slots[id];
            out.extend(slot.problems.iter().cloned());
            stack.extend(&slot.refs);
        }
    }

    pub(super) fn into_table(self) -> Vec<SharedSchema> {
        self.slots
            .into_iter()
            .map(|s| SharedSchema {
                pointer: s.pointer.to_string(),
                schema: s.schema,
            })
            .collect()
    }
}
