//! What a tool declares below a parameter besides `fixed(...)` and `omitted(...)` (which
//! [`reconcile`](super) claims with the top level's), and what every entry there does to the
//! row of the field that sets the parameter:
//!
//! - `arg("body.data.due", wire_type = "...", read_at = "...", reason = "...")` (or `values =
//!   [...]`, `pattern = "..."`): the type of a property overridden by its address, with the
//!   rules of `#[arg]` on a field ([`override_type`], [`narrow`]). The property stands as a
//!   parameter of its own while those rules read it; the type the server reads then replaces
//!   the spec's at its address in the row, so the struct standing for the object is checked
//!   against it, and the input schema and the decoder follow it, as at the top level.
//! - `undocumented("body.data.visits", value | wire_type, read_at, reason)`: a property the
//!   spec leaves out of its object, sent by the tool or declared in the row for the struct.
//! - The object's required alternatives, settled by what the tool always or never sends there.

use super::*;
use crate::check::arguments::alternatives_text;
use crate::check::declared::{DeclaredArg, DeclaredUndocumented};
use crate::check::wire_type::{DeclaredWireType, scalar};
use crate::model::{Field, Schema, Style};
use rows::undocumented_words;

impl Reconciler<'_> {
    /// Each tool-level `arg(...)`: resolved below its parameter and checked, or reported.
    pub(super) fn override_below(&mut self) {
        for a in &self.declared.args {
            match below::resolve(self.op, &a.address) {
                Some(Ok(found)) => self.override_found(a, found),
                Some(Err(why)) => self.findings.push(Finding::at(
                    a.site,
                    format!("cannot override `{}`: {why}", a.address),
                )),
                None if self.index_of(&a.address).is_some() => {
                    self.findings.push(Finding::at(
                        a.site,
                        format!(
                            "`{}` is a parameter of its own: override its type on the field that \
                             sets it (`#[arg(wire_type = \"...\", read_at = \"...\", reason = \
                             \"...\")]`); `arg(\"...\")` in `#[tool]` is for a property inside a \
                             parameter's value",
                            a.address
                        ),
                    ));
                }
                None => self.unknown(
                    &a.address,
                    a.site,
                    "cannot override a parameter the operation does not have",
                ),
            }
        }
    }

    fn override_found(&mut self, a: &DeclaredArg, found: below::Found<'_>) {
        let address = &a.address;
        if found.property.read_only {
            self.findings.push(Finding::at(
                a.site,
                format!(
                    "`{address}` is read-only: the server sets it and ignores a value sent; there \
                     is no type to override, remove this `arg(...)`"
                ),
            ));
            return;
        }
        let stand_in = Param {
            location: Location::Body,
            name: found.address.clone(),
            required: found.property.required,
            deprecated: false,
            description: None,
            schema: found.property.schema.clone(),
            style: Style::Json,
            explode: false,
            pointer: String::new(),
        };
        let label = format!("arg(\"{address}\")");
        let result = match (&a.wire_type, &a.narrowed) {
            (Some(_), Some(n)) => Err(vec![Finding::at(
                n.site(),
                format!(
                    "`{label}` has both `wire_type` and a narrowing (`values` or `pattern`): a \
                     narrowing keeps the spec's type; keep one"
                ),
            )]),
            (Some(w), None) => match text_form_below(address, w) {
                Some(finding) => Err(vec![finding]),
                None => override_type(&stand_in, &label, w),
            },
            (None, Some(n)) => narrow(&stand_in, &label, n),
            (None, None) => Err(vec![Finding::at(
                a.site,
                format!(
                    "`{label}` overrides nothing: give `wire_type = \"...\"`, `values = [...]` or \
                     `pattern = \"...\"`, with `read_at` and `reason`"
                ),
            )]),
        };
        match result {
            Ok((real, overridden)) => {
                let name = found.property.name.clone();
                let disposition = Disposition::Set {
                    argument: name.clone(),
                    field: name,
                };
                let entry = Below {
                    address: found.address.clone(),
                    disposition,
                    overridden: Some(overridden),
                };
                if self.claim_below(found.param, entry, None, a.site, a.site) {
                    self.retyped[found.param].push((found.address, real.schema));
                }
            }
            Err(found) => self.findings.extend(found),
        }
    }

    /// `undocumented("body.data.visits", ...)`: a property the spec does not declare inside a
    /// parameter's value, which the server reads. Kept for the row (a `value` is then written
    /// into every object of its place the tool sends), or reported; whether the address was
    /// below a parameter at all (else it is a parameter of its own).
    pub(super) fn undocumented_below(&mut self, u: &DeclaredUndocumented) -> bool {
        let (param, address) = match below::undeclared(self.op, &u.param) {
            None => return false,
            Some(Err(why)) => {
                self.findings.push(Finding::at(
                    u.site,
                    format!("cannot rely on undocumented `{}`: {why}", u.param),
                ));
                return true;
            }
            Some(Ok(found)) => found,
        };
        let mut words = undocumented_words(&u.param, &u.read_at, &u.reason);
        let set = match (&u.value, &u.wire_type) {
            (Some(_), Some((_, site))) => {
                words.push(Finding::at(
                    *site,
                    format!(
                        "`undocumented(\"{}\")` has both `value` (the tool sends it) and \
                         `wire_type` (the struct sets it): keep one",
                        u.param
                    ),
                ));
                None
            }
            (None, Some((ty, site))) => match scalar(ty) {
                Some(ty) => Some(ty),
                None => {
                    words.push(Finding::at(
                        *site,
                        format!(
                            "unknown wire_type `{ty}` for undocumented `{}`; expected one of: \
                             string, integer, number, boolean",
                            u.param
                        ),
                    ));
                    None
                }
            },
            _ => None,
        };
        if !words.is_empty() {
            self.findings.extend(words);
            return true;
        }
        let name = address.rsplit('.').next().unwrap_or_default().to_string();
        let by_struct = set.is_some().then(|| name.clone());
        let entry = Below {
            address: address.clone(),
            disposition: Disposition::Undocumented {
                argument: by_struct.clone(),
                field: by_struct,
                value: u.value.clone(),
                read_at: u.read_at.text.clone(),
                reason: u.reason.text.clone(),
            },
            overridden: None,
        };
        if self.claim_below(param, entry, None, u.site, u.site)
            && let Some(ty) = set
        {
            let property = Field {
                name,
                required: false,
                read_only: false,
                schema: Schema::new(ty),
            };
            self.declared_below[param].push((address, property));
        }
        true
    }

    /// The undocumented properties the struct sets below parameter `i`, and the override of
    /// each property, written into `param` (its row's): the struct is checked against them, and
    /// the input schema and the decoder follow them.
    pub(super) fn retype_below(&mut self, i: usize, param: &mut Param) {
        for (address, property) in std::mem::take(&mut self.declared_below[i]) {
            below::declare(param, &address, property);
        }
        for (address, schema) in std::mem::take(&mut self.retyped[i]) {
            below::retype(param, &address, schema);
        }
        let spec = param.clone();
        for (b, site) in &self.below[i] {
            let sent = match b.disposition {
                Disposition::Fixed { .. } => true,
                Disposition::Omitted { .. } => false,
                _ => continue,
            };
            for k in below::settle_alternatives(param, &b.address, sent) {
                let as_spec = below::alternatives_of(spec.clone(), &b.address);
                let Some(unmet) = as_spec.get(k) else {
                    continue;
                };
                let object = b.address.rsplit_once('.').map_or("", |(o, _)| o);
                let listed = alternatives_text(&unmet.sets, |n| format!("body.{object}.{n}"));
                self.findings.push(Finding::at(
                    *site,
                    format!(
                        "omitting `body.{}` leaves `body.{object}` no way to hold its required \
                         alternatives (it needs {listed}): every arm names a property `{}` \
                         omits; set or fix one of them",
                        b.address, self.declared.tool
                    ),
                ));
            }
        }
    }
}

/// `wire_type = "json"` or `delimited` below a parameter: a property is sent as itself inside
/// its object, never as a text of its own.
fn text_form_below(address: &str, w: &DeclaredWireType) -> Option<Finding> {
    let (key, site) = match (&w.delimiter, w.ty.as_str()) {
        (Some((_, site)), _) => ("delimited", *site),
        (None, "json") => ("wire_type = \"json\"", w.site),
        _ => return None,
    };
    Some(Finding::at(
        site,
        format!(
            "`{address}` is a property inside a parameter's value, sent as itself inside its \
             object: `{key}` writes a value as one text only for a parameter of its own (a \
             query, header, path or form field); remove it and type the struct's field as the \
             value the server reads"
        ),
    ))
}

#[cfg(test)]
mod tests;
