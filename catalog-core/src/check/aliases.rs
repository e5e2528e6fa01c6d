//! The alias table: names an API used to give a parameter before renaming it (NetBox 4 renamed
//! `device_role` to `role`), declared on the tool as `aliases(device_role = "role")`. A stale
//! name an agent sends is still refused (strict decoding never takes it), but the refusal says
//! which argument replaced it. The table only improves that message.

use super::finding::{Finding, Site};
use crate::model::{Accounted, Disposition};

/// One `former = "current"` entry of `aliases(...)`.
#[derive(Clone, Debug)]
pub struct DeclaredAlias {
    /// The former name (`device_role`).
    pub former: String,
    /// The argument that replaced it (`role`).
    pub current: String,
    /// Where the entry is.
    pub site: Site,
}

/// The argument names of a tool's accounting.
fn arguments(accounting: &[Accounted]) -> Vec<&str> {
    accounting
        .iter()
        .filter_map(|row| match &row.disposition {
            Disposition::Set { argument, .. }
            | Disposition::Undocumented {
                argument: Some(argument),
                ..
            } => Some(argument.as_str()),
            _ => None,
        })
        .collect()
}

/// Every problem with the table: an alias must point at an argument the tool takes, must not
/// itself be one (the tool takes it: it is no stale name), and is declared once.
pub fn check_aliases(accounting: &[Accounted], aliases: &[DeclaredAlias]) -> Vec<Finding> {
    let taken = arguments(accounting);
    let mut findings = Vec::new();
    for (i, a) in aliases.iter().enumerate() {
        if taken.contains(&a.former.as_str()) {
            findings.push(Finding::at(
                a.site,
                format!(
                    "`{}` is an argument of this tool, so it is no former name; remove the alias",
                    a.former
                ),
            ));
        } else if !taken.contains(&a.current.as_str()) {
            findings.push(Finding::at(
                a.site,
                format!(
                    "the alias `{}` points at `{}`, which is no argument of this tool; expected \
                     one of: {}",
                    a.former,
                    a.current,
                    taken.join(", ")
                ),
            ));
        }
        if aliases[..i].iter().any(|b| b.former == a.former) {
            findings.push(Finding::at(
                a.site,
                format!("the alias `{}` is declared twice; keep one", a.former),
            ));
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::query;

    fn set(name: &str) -> Accounted {
        Accounted {
            param: query(name),
            disposition: Disposition::Set {
                argument: name.into(),
                field: name.into(),
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        }
    }

    fn alias(former: &str, current: &str, site: Site) -> DeclaredAlias {
        DeclaredAlias {
            former: former.into(),
            current: current.into(),
            site,
        }
    }

    #[test]
    fn an_alias_to_an_argument_is_accepted() {
        let rows = [set("role"), set("role_id")];
        let table = [
            alias("device_role", "role", 1),
            alias("device_role_id", "role_id", 2),
        ];
        assert_eq!(check_aliases(&rows, &table), []);
    }

    #[test]
    fn an_alias_must_point_at_an_argument_and_not_be_one() {
        let rows = [set("role"), set("site")];
        let table = [
            alias("device_role", "rol", 1),
            alias("site", "role", 2),
            alias("device_role", "role", 3),
        ];
        assert_eq!(
            check_aliases(&rows, &table),
            [
                Finding::at(
                    1,
                    "the alias `device_role` points at `rol`, which is no argument of this tool; \
                     expected one of: role, site"
                ),
                Finding::at(
                    2,
                    "`site` is an argument of this tool, so it is no former name; remove the alias"
                ),
                Finding::at(3, "the alias `device_role` is declared twice; keep one"),
            ]
        );
    }
}
