//! How to ask for the rest of a list cut at the response cap: from the paging parameters the
//! tool sets (its accounting) and the values its request sent.
//!
//! A query parameter the tool Sets is a paging parameter by its wire name (case and `_`/`-`
//! ignored): an offset (`offset`, `skip`, `start`, `from`), a page size (`limit`, `per_page`,
//! `page_size`, `size`, `count`, `max_results`, `top`, `first`), a page number (`page`,
//! `page_number`). The hint names the agent's arguments, with values when they follow from the
//! request: the offset of the first item left out, a page size that fits. A field-selection
//! parameter the tool sets (`fields`, `opt_fields`, `$select`: [`fields_hint`]) is named too:
//! fewer fields per item fit more items.

use catalog_core::model::{Disposition, Location, Operation};
use percent_encoding::percent_decode_str;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Offset,
    Size,
    Page,
    Fields,
}

fn role(wire_name: &str) -> Option<Role> {
    let name: String = wire_name
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | '$' | '[' | ']'))
        .flat_map(char::to_lowercase)
        .collect();
    match name.as_str() {
        "offset" | "skip" | "start" | "startindex" | "from" => Some(Role::Offset),
        "limit" | "perpage" | "pagesize" | "size" | "count" | "maxresults" | "top" | "first" => {
            Some(Role::Size)
        }
        "page" | "pagenumber" | "pageno" => Some(Role::Page),
        "fields" | "optfields" | "select" | "fieldset" => Some(Role::Fields),
        _ => None,
    }
}

/// One paging argument of a tool: the agent's argument name and the value the request sent.
struct Arg {
    argument: String,
    sent: Option<u64>,
}

fn paging_arg(op: &Operation, url: &str, wanted: Role) -> Option<Arg> {
    op.accounting.iter().find_map(|row| {
        let Disposition::Set { argument, .. } = &row.disposition else {
            return None;
        };
        if row.param.location != Location::Query || role(&row.param.name) != Some(wanted) {
            return None;
        }
        Some(Arg {
            argument: argument.clone(),
            sent: query_value(url, &row.param.name),
        })
    })
}

// The integer value of query parameter `name` in `url`, if it is there.
fn query_value(url: &str, name: &str) -> Option<u64> {
    let query = url.split_once('?')?.1;
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (percent_decode_str(k).decode_utf8_lossy() == name)
            .then(|| percent_decode_str(v).decode_utf8_lossy().parse().ok())
            .flatten()
    })
}

/// How to ask for the items left out after the first `kept` of a list from `op` requested at
/// `url`, or `None` when the tool sets no paging parameter.
pub fn next_page_hint(op: &Operation, url: &str, kept: usize) -> Option<String> {
    let offset = paging_arg(op, url, Role::Offset);
    let size = paging_arg(op, url, Role::Size);
    let page = paging_arg(op, url, Role::Page);
    let fits = kept.max(1);
    let size_part = |s: &Arg| format!("`{}` = {fits}", s.argument);
    match (offset, size, page) {
        (Some(o), size, _) => {
            let next = o.sent.unwrap_or(0) + kept as u64;
            let mut hint = format!("call again with `{}` = {next} for the rest", o.argument);
            if let Some(s) = size {
                hint.push_str(&format!(" and {} to fit", size_part(&s)));
            }
            Some(hint)
        }
        (None, Some(s), Some(p)) => Some(format!(
            "ask for pages that fit with {} and page through with `{}`",
            size_part(&s),
            p.argument
        )),
        (None, Some(s), None) => Some(format!("ask for fewer items with {}", size_part(&s))),
        (None, None, Some(p)) => Some(format!(
            "`{}` = {} gives the next page (the items left out here are not on it)",
            p.argument,
            p.sent.unwrap_or(1) + 1
        )),
        (None, None, None) => None,
    }
}

/// How to ask for less of each item: the field-selection argument (`fields`, `opt_fields`,
/// `$select`), if the tool sets one.
pub fn fields_hint(op: &Operation, url: &str) -> Option<String> {
    let f = paging_arg(op, url, Role::Fields)?;
    Some(format!(
        "ask for fewer fields of each item with `{}`",
        f.argument
    ))
}

/// How to ask for less when a whole value was too large: the page size argument, if the tool
/// sets one.
pub fn smaller_hint(op: &Operation, url: &str) -> Option<String> {
    let s = paging_arg(op, url, Role::Size)?;
    Some(match s.sent {
        Some(n) => format!("ask for fewer items with `{}` (it was {n})", s.argument),
        None => format!("ask for fewer items with `{}`", s.argument),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn op(params: &[&str]) -> Operation {
        let accounting: Vec<serde_json::Value> = params
            .iter()
            .map(|name| {
                json!({
                    "param": {"location": "query", "name": name, "schema": {"type": "integer"},
                              "pointer": "#/p"},
                    "disposition": "set", "argument": name.to_lowercase(), "field": name.to_lowercase()
                })
            })
            .collect();
        serde_json::from_value(json!({
            "method": "GET", "path": "/items", "pointer": "#/paths/~1items/get",
            "accounting": accounting
        }))
        .unwrap()
    }

    #[test]
    fn an_offset_gives_where_the_rest_starts() {
        let o = op(&["offset", "limit"]);
        assert_eq!(
            next_page_hint(&o, "http://h/items?offset=20&limit=50", 7).unwrap(),
            "call again with `offset` = 27 for the rest and `limit` = 7 to fit"
        );
        assert_eq!(
            next_page_hint(&op(&["skip"]), "http://h/items", 3).unwrap(),
            "call again with `skip` = 3 for the rest"
        );
    }

    #[test]
    fn pages_and_sizes_say_what_fits() {
        assert_eq!(
            next_page_hint(&op(&["page", "per_page"]), "http://h/items?page=2", 4).unwrap(),
            "ask for pages that fit with `per_page` = 4 and page through with `page`"
        );
        assert_eq!(
            next_page_hint(&op(&["page"]), "http://h/items?page=2", 4).unwrap(),
            "`page` = 3 gives the next page (the items left out here are not on it)"
        );
        assert_eq!(
            next_page_hint(&op(&["pageSize"]), "http://h/items", 0).unwrap(),
            "ask for fewer items with `pagesize` = 1"
        );
        assert_eq!(
            smaller_hint(&op(&["limit"]), "http://h/items?limit=500").unwrap(),
            "ask for fewer items with `limit` (it was 500)"
        );
    }

    #[test]
    fn a_field_selection_parameter_is_named() {
        for name in ["fields", "opt_fields", "$select", "fieldSet"] {
            assert_eq!(
                fields_hint(&op(&[name, "limit"]), "http://h/items").unwrap(),
                format!(
                    "ask for fewer fields of each item with `{}`",
                    name.to_lowercase()
                )
            );
        }
        assert_eq!(fields_hint(&op(&["limit", "q"]), "http://h/items"), None);
        // It is not a paging parameter.
        assert_eq!(next_page_hint(&op(&["fields"]), "http://h/items", 4), None);
    }

    #[test]
    fn no_paging_parameter_no_hint() {
        assert_eq!(next_page_hint(&op(&["q"]), "http://h/items?q=1", 4), None);
        assert_eq!(smaller_hint(&op(&["page"]), "http://h/items"), None);
    }
}
