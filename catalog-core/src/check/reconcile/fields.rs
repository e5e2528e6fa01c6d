//! The fields' claims: each field finds the parameter it sets (by address, else by name across
//! locations) and has its type checked; an undocumented field or a family makes its own row.

use super::findings::{ambiguous, cannot_send, no_parameter};
use super::rows::{synthesized, undocumented_problem};
use super::*;
use crate::check::wire_type::DeclaredWireType;
use crate::model::BodyKind;

impl Reconciler<'_> {
    /// Fields: undocumented ones become their own rows; the others find their parameter by
    /// explicit address, else by name across locations, and have their type checked.
    pub(super) fn claim_by_fields(&mut self) {
        for (fi, f) in self.declared.fields.iter().enumerate() {
            if let Some(family) = &f.family {
                self.family_field(f, family);
                continue;
            }
            if let Some((read_at, reason)) = &f.undocumented {
                if let Some(w) = &f.wire_type {
                    self.findings.push(Finding::at(
                        w.site,
                        format!(
                            "undocumented field `{}` has no spec type to override: its type is \
                             the field's own; remove `wire_type`",
                            f.ident
                        ),
                    ));
                }
                if let Some(n) = &f.narrowed {
                    self.findings.push(Finding::at(
                        n.site(),
                        format!(
                            "undocumented field `{}` has no spec type to narrow: its type is the \
                             field's own (a Rust enum of the values, say); remove `values` or \
                             `pattern`",
                            f.ident
                        ),
                    ));
                }
                self.undocumented_field(f, read_at, reason);
                continue;
            }
            let Some(i) = self.target_of(f) else { continue };
            let spec_param = &self.op.params[i];
            let overridden = match (&f.wire_type, &f.narrowed) {
                (Some(_), Some(n)) => Some(Err(vec![Finding::at(
                    n.site(),
                    format!(
                        "field `{}` has both `wire_type` and a narrowing (`values` or \
                         `pattern`): a narrowing keeps the spec's type; keep one",
                        f.ident
                    ),
                )])),
                (Some(w), None) => Some(
                    text_form_in_a_non_form_body(self.op, spec_param, w)
                        .map_or_else(|| override_type(spec_param, &f.ident, w), |e| Err(vec![e])),
                ),
                (None, Some(n)) => Some(narrow(spec_param, &f.ident, n)),
                (None, None) => None,
            };
            match overridden {
                Some(Ok(real)) => self.overridden[i] = Some(real),
                Some(Err(found)) => {
                    self.findings.extend(found);
                    self.claims[i].push((Claim::Field(fi), f.site));
                    continue;
                }
                None => {}
            }
            let param = self.overridden[i].as_ref().map_or(spec_param, |(p, _)| p);
            if let Some(why) = unsendable(self.op, param, &[]) {
                self.findings
                    .push(cannot_send(param, &f.ident, f.site, &why));
            } else if let Some(msg) = check_type(param, &f.ty) {
                // The type is the override's, not the spec's.
                let msg = if f.wire_type.is_some() {
                    msg.replacen(" in the spec", " by its `wire_type`", 1)
                } else {
                    msg
                };
                self.findings.push(Finding::at(
                    f.ty_site,
                    format!("mistyped field `{}`: {msg}", f.ident),
                ));
            }
            self.claims[i].push((Claim::Field(fi), f.site));
        }
    }

    /// A pattern family's field: its own row, checked by [`family_row`].
    fn family_field(&mut self, f: &DeclaredField, family: &DeclaredFamily) {
        let mut alone = true;
        for (key, given) in [
            ("param", f.param.is_some()),
            ("undocumented", f.undocumented.is_some()),
            ("wire_type", f.wire_type.is_some()),
        ] {
            if given {
                alone = false;
                self.findings.push(Finding::at(
                    family.site,
                    format!(
                        "`family` names the parameters of field `{}` by its pattern; remove                          `{key}`",
                        f.ident
                    ),
                ));
            }
        }
        if !alone {
            return;
        }
        let others: Vec<String> = self
            .declared
            .fields
            .iter()
            .filter(|o| o.undocumented.is_some())
            .filter_map(|o| o.param.as_ref().map(|(a, _)| a.clone()))
            .chain(self.declared.undocumented.iter().map(|u| u.param.clone()))
            .collect();
        match family_row(self.op, f, family, &others) {
            Ok(row) => self.undocumented_rows.push(row),
            Err(found) => self.findings.extend(found),
        }
    }

    fn undocumented_field(&mut self, f: &DeclaredField, read_at: &Reason, reason: &Reason) {
        let Some((address, site)) = &f.param else {
            self.findings.push(Finding::at(
                f.site,
                format!(
                    "an undocumented argument needs its address: add `param = \"query.{}\"` \
                     (or another location) to #[arg(...)]",
                    f.ident
                ),
            ));
            return;
        };
        if let Some(found) = undocumented_problem(self.op, address, *site, read_at, reason) {
            self.findings.extend(found);
            return;
        }
        let argument = f.rename.clone().unwrap_or_else(|| {
            parse_address(address).map_or(f.ident.clone(), |(_, n)| n.to_string())
        });
        let (location, name) = parse_address(address).unwrap_or((Location::Query, ""));
        let mut param = synthesized(location, name, Some(&f.ty), f.doc.clone());
        // A key beyond a body's declared properties: its name is the tool's to vouch for, its
        // value the spec's `additionalProperties` describes, and is checked against.
        if location == Location::Body
            && let Some(values) = self.op.body.as_ref().and_then(|b| b.values.as_ref())
        {
            param.schema = values.clone();
            // The field's type is held to that schema, as a documented field's to its own.
            if let Some(msg) = check_type(&param, &f.ty) {
                self.findings.push(Finding::at(
                    f.ty_site,
                    format!("mistyped field `{}`: {msg}", f.ident),
                ));
                return;
            }
        }
        self.undocumented_rows.push(Accounted {
            param,
            disposition: Disposition::Undocumented {
                argument: Some(argument),
                field: Some(f.ident.clone()),
                value: None,
                read_at: read_at.text.clone(),
                reason: reason.text.clone(),
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        });
    }

    /// The parameter a (documented) field sets, or `None` with the finding that says why not.
    fn target_of(&mut self, f: &DeclaredField) -> Option<usize> {
        if let Some((address, site)) = &f.param {
            let found = self.index_of(address);
            if found.is_none() {
                self.unknown(
                    address,
                    *site,
                    &format!(
                        "field `{}` points at a parameter the operation does not have",
                        f.ident
                    ),
                );
            }
            return found;
        }
        let ident = f.ident.trim_start_matches("r#");
        match self.names.matching(ident).as_slice() {
            [i] => Some(*i),
            [] => {
                self.findings.push(no_parameter(self.op, f.site, ident));
                self.excuse_nearest(ident, None);
                None
            }
            many => {
                for i in many {
                    self.excused[*i] = true;
                }
                self.findings.push(ambiguous(self.op, f, many));
                None
            }
        }
    }
}

/// A text form (`wire_type = "json"`, or a `delimited` list) on a property of a body that is
/// not a form: the body holds the value as its own media type says (a JSON value, a JSON
/// array), not as one text, so the override would send what the server does not read.
fn text_form_in_a_non_form_body(
    op: &Operation,
    p: &Param,
    w: &DeclaredWireType,
) -> Option<Finding> {
    let kind = op.body.as_ref().map(|b| b.kind)?;
    if w.ty == "json" && p.location == Location::Body && kind != BodyKind::Form {
        return Some(Finding::at(
            w.site,
            format!(
                "`{}` is a property of the {} body, which holds a JSON value as itself: \
                 `wire_type = \"json\"` sends a value as JSON text inside a text parameter (a \
                 query, header, path or form field); remove `wire_type` and type the field as \
                 the value the server reads",
                p.address(),
                op.body.as_ref().map_or("", |b| b.media_type.as_str())
            ),
        ));
    }
    let (_, site) = w.delimiter.as_ref()?;
    (p.location == Location::Body && kind != BodyKind::Form).then(|| {
        Finding::at(
            *site,
            format!(
                "`{}` is a property of the {} body, which sends a list as its own array, never \
                 joined; `delimited` joins a list into one text only in a query, header, path or \
                 form field: remove `delimited` and type the field as the spec types `{}` (the \
                 agent writes the text the server splits)",
                p.address(),
                op.body.as_ref().map_or("", |b| b.media_type.as_str()),
                p.name
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::text_form_in_a_non_form_body;
    use crate::check::finding::Finding;
    use crate::check::wire_type::DeclaredWireType;
    use crate::model::testing::{op, param, query};
    use crate::model::{Location, Operation};
    use serde_json::json;

    /// `POST /` with a body field `title` sent as `media_type` (`kind`).
    fn with_body(media_type: &str, kind: &str) -> Operation {
        let mut o = op("POST", "/")
            .id("Create")
            .params(vec![param(Location::Body, "title"), query("q")])
            .build();
        o.body = Some(
            serde_json::from_value(
                json!({"media_type": media_type, "kind": kind, "pointer": "#/b"}),
            )
            .unwrap(),
        );
        o
    }

    fn wire(ty: &str, delimiter: Option<&str>) -> DeclaredWireType {
        DeclaredWireType {
            ty: ty.into(),
            site: 3,
            read_at: None,
            reason: None,
            delimiter: delimiter.map(|d| (d.to_string(), 6)),
        }
    }

    #[test]
    fn json_text_and_delimited_lists_are_refused_in_a_json_body_only() {
        let json_body = with_body("application/json", "json");
        let title = &json_body.params[0];
        assert_eq!(
            text_form_in_a_non_form_body(&json_body, title, &wire("json", None)),
            Some(Finding::at(
                3,
                "`body.title` is a property of the application/json body, which holds a JSON \
                 value as itself: `wire_type = \"json\"` sends a value as JSON text inside a \
                 text parameter (a query, header, path or form field); remove `wire_type` and \
                 type the field as the value the server reads"
            ))
        );
        let delimited = text_form_in_a_non_form_body(&json_body, title, &wire("string", Some(",")));
        assert_eq!(delimited.map(|f| f.site), Some(6));
        // Neither is refused in a form body, nor beside the body (a query parameter), nor is
        // a plain override.
        let form = with_body("application/x-www-form-urlencoded", "form");
        assert_eq!(
            text_form_in_a_non_form_body(&form, &form.params[0], &wire("json", None)),
            None
        );
        assert_eq!(
            text_form_in_a_non_form_body(&form, &form.params[0], &wire("string", Some(","))),
            None
        );
        let q = &json_body.params[1];
        assert_eq!(
            text_form_in_a_non_form_body(&json_body, q, &wire("json", None)),
            None
        );
        assert_eq!(
            text_form_in_a_non_form_body(&json_body, q, &wire("string", Some(","))),
            None
        );
        assert_eq!(
            text_form_in_a_non_form_body(&json_body, title, &wire("integer", None)),
            None
        );
    }
}
