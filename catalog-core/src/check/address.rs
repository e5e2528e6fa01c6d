//! Parameter addresses (`query.page`, `body`) and globs (`query.*__n`) as users write them.

use super::finding::{Finding, Site};
use crate::check::suggest::{Candidate, suggest};
use crate::model::{Location, Operation};

/// Matches a glob (`*` is any run of characters) against an address.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    parts_match(&parts, text)
}

/// [`glob_matches`] for a pattern split at its `*`s once, for matching against many addresses.
pub(crate) fn parts_match(parts: &[&str], text: &str) -> bool {
    if parts.len() == 1 {
        return parts[0] == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

/// `"query.page"` -> `(Query, "page")`; `"body"` -> `(Body, "")`.
pub(crate) fn parse_address(address: &str) -> Option<(Location, &str)> {
    if address == "body" {
        return Some((Location::Body, ""));
    }
    let (loc, name) = address.split_once('.')?;
    Some((Location::parse(loc)?, name))
}

/// An address that names no parameter of `op`: what is wrong with it, and the nearest one.
pub(crate) fn unknown_param(op: &Operation, address: &str, site: Site, what: &str) -> Finding {
    let hint = match parse_address(address) {
        None => format!(
            "`{address}` is not a parameter address: write `<location>.<name>` with location one \
             of path, query, header, cookie, body"
        ),
        Some((loc, name)) => format!(
            "`{}` has no parameter `{address}`; {}",
            op.display_name(),
            suggest(name, Some(loc), &candidates(op))
        ),
    };
    Finding::at(site, format!("{what}: {hint}"))
}

/// Every parameter of `op`, for did-you-mean suggestions.
pub(crate) fn candidates(op: &Operation) -> Vec<Candidate<'_>> {
    op.params
        .iter()
        .map(|p| Candidate::at(p.location, &p.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn a_pattern_without_a_star_matches_only_the_same_address() {
        assert!(glob_matches("query.page", "query.page"));
        assert!(!glob_matches("query.page", "query.pages"));
        assert!(!glob_matches("query.page", "query.pag"));
    }

    #[test]
    fn a_star_between_a_prefix_and_a_suffix_matches_any_run_between_them_even_an_empty_one() {
        assert!(glob_matches("query.*__n", "query.page__n"));
        assert!(glob_matches("query.*__n", "query.__n"));
        assert!(!glob_matches("query.*__n", "query.page"));
        assert!(!glob_matches("query.*__n", "body.page__n"));
    }

    #[test]
    fn a_glob_prefix_and_suffix_may_not_share_characters_of_the_address() {
        // `ab` and `ba` overlap in `aba`, which is shorter than the two together.
        assert!(!glob_matches("ab*ba", "aba"));
        assert!(!glob_matches("a*a", "a"));
        assert!(glob_matches("a*a", "aa"));
    }

    #[test]
    fn the_pieces_between_stars_must_occur_in_order_and_as_often_as_written() {
        assert!(!glob_matches("*a*a*", "a"));
        assert!(glob_matches("*a*a*", "aba"));
        assert!(!glob_matches("*b*a*", "ab"));
        assert!(glob_matches("*a*b*", "ab"));
        assert!(glob_matches("body.*_*_id", "body.tag_set_id"));
        assert!(!glob_matches("body.*_*_id", "body.tag_id"));
    }
}
