//! The table of shared schemas: every component schema reached through `$ref`, normalized
//! once, in the order first referenced.

use crate::model::{Operation, Schema, SharedSchema, Unsupported};
use std::collections::HashMap;

pub(super) struct Shared<'a, T> {
    pub(super) ids: HashMap<&'a str, usize>,
    pub(super) slots: Vec<Slot<'a, T>>,
    // Referenced but not normalized yet: normalized after the operations, one at a time, so
    // that a long chain of references does not nest on the stack.
    pub(super) queue: Vec<usize>,
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

pub(super) struct Slot<'a, T> {
    pub(super) pointer: &'a str,
    pub(super) target: &'a T,
    pub(super) state: State,
    pub(super) schema: Schema,
    pub(super) problems: Vec<Unsupported>,
    pub(super) refs: Vec<usize>,
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum State {
    Queued,
    InProgress,
    Done,
}

impl<'a, T> Shared<'a, T> {
    pub(super) fn add(&mut self, pointer: &'a str, target: &'a T) -> usize {
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

// The shared schemas an operation refers to directly: from its request, and from each of its
// responses (in the order of `Operation::responses`).
#[derive(Default)]
pub(super) struct OpRefs {
    pub(super) request: Vec<usize>,
    pub(super) responses: Vec<Vec<usize>>,
}
