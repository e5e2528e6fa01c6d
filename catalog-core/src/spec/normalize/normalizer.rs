//! The normalizer's state: the document, the shared schemas met so far, and where problems and
//! references found now go. Its methods are in the files of each rule (`schema`, `operation`,
//! `responses`, `files`, `arms`, `all_of_unions`, `shared_reads`).

use super::closed_arm::ClosedArm;
use super::shared::Shared;
use crate::model::Unsupported;
use crate::spec::tree::Tree;
use std::collections::HashMap;

/// Which arm of each union member one distributed arm took: `(member, arm)`, the member its
/// index in the `allOf` array, the arm its index among the union's arms (`null` arms left out).
pub(super) type Combination = Vec<(usize, usize)>;

pub(super) struct Normalizer<'a, T: Tree> {
    pub(super) root: &'a T,
    // Each `$ref` resolved so far, by its text.
    pub(super) targets: HashMap<&'a str, &'a T>,
    pub(super) shared: Shared<'a, T>,
    pub(super) depth: usize,
    // Where problems and references found now go: the operation or the shared schema being
    // normalized.
    pub(super) problems: Vec<Unsupported>,
    pub(super) refs: Vec<usize>,
    pub(super) schema_nodes: usize,
    // Each `allOf` distributed over a union member (by the address of its array in the
    // document): the combination of union arms behind each arm kept (`all_of_unions`).
    pub(super) distributed: HashMap<usize, Vec<Combination>>,
    // Schema nodes copied into distributed arms so far, against a budget.
    pub(super) copied_nodes: usize,
    // Each arm of a closed object that names properties the object refuses (`closed`).
    pub(super) closed_arms: Vec<ClosedArm>,
}
