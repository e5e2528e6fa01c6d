//! Probes a user runs over a catalog in a test: values accepted and then dropped, at every
//! depth ([`dropped`]), and parameters smuggled through an argument's keys ([`smuggling`]).

pub mod dropped;
pub mod smuggling;
