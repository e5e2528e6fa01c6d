//! "Did you mean" suggestions for a wrong parameter or argument name.
//!
//! The same function serves the `#[tool]` macro (a field that sets no parameter) and the runtime
//! (an agent's unknown argument), so both answer alike. Rules are tried in the order of docs/design.md §3,
//! because real wrong names are mostly real names with a prefix or a suffix:
//!
//! 1. the same name in another location, or spelled in another case (`pageNum` for `page_num`);
//! 2. the longest real name that the wrong name ends with (`device_role_id` -> `role_id`);
//! 3. the name without its `_id` suffix, or with one (`channel` -> `channel_id`);
//! 4. the nearest name by edit distance, within a threshold that grows with the name's length;
//! 5. otherwise, the list of accepted names.
//!
//! Names are compared after `heck` snake-case conversion. A trailing lookup suffix
//! (`__` followed by lowercase ASCII letters: NetBox/Django filters such as `__n`, `__in`, `__ic`,
//! `__gte`) is split off first and must be equal on both sides: `site__in` is never answered with
//! `site__n` (a negation) nor with `site` (an exact match), because that changes what the filter
//! means.

use crate::model::Location;
use heck::ToSnakeCase;
use std::fmt;

/// A real name that may be offered: an argument, a field or a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate<'a> {
    /// The name exactly as the tool or spec spells it.
    pub name: &'a str,
    /// Where it travels, when the caller wants locations compared (compile time); `None` when
    /// names alone matter (agent arguments).
    pub location: Option<Location>,
}

impl<'a> Candidate<'a> {
    /// A candidate without a location.
    pub fn new(name: &'a str) -> Candidate<'a> {
        Candidate {
            name,
            location: None,
        }
    }

    /// A candidate in a location.
    pub fn at(location: Location, name: &'a str) -> Candidate<'a> {
        Candidate {
            name,
            location: Some(location),
        }
    }

    /// `location.name` when the location is known, else the bare name.
    pub fn address(&self) -> String {
        match self.location {
            Some(l) => crate::model::address(l, self.name),
            None => self.name.to_string(),
        }
    }
}

/// Which rule produced a suggestion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same name in another location, or the same name in another case.
    SameName,
    /// The longest real name the wrong name ends with.
    Suffix,
    /// The wrong name with its `_id` suffix removed, or added.
    IdSuffix,
    /// The nearest name by edit distance.
    Similar,
}

/// The answer to a wrong name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion<'a> {
    /// One real name, and the rule that found it.
    Name {
        /// The name offered.
        candidate: Candidate<'a>,
        /// How it was found.
        rule: Rule,
    },
    /// Nothing is close: every accepted name, in the order given.
    Accepted(Vec<Candidate<'a>>),
}

impl<'a> Suggestion<'a> {
    /// The single name offered, if any.
    pub fn candidate(&self) -> Option<Candidate<'a>> {
        match self {
            Suggestion::Name { candidate, .. } => Some(*candidate),
            Suggestion::Accepted(_) => None,
        }
    }
}

impl fmt::Display for Suggestion<'_> {
    /// `did you mean `x`?`, or `accepted: `a`, `b``, or `it accepts none` when the list is empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Suggestion::Name { candidate, .. } => {
                write!(f, "did you mean `{}`?", candidate.address())
            }
            Suggestion::Accepted(list) if list.is_empty() => f.write_str("it accepts none"),
            Suggestion::Accepted(list) => {
                f.write_str("accepted: ")?;
                for (i, c) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{}`", c.address())?;
                }
                Ok(())
            }
        }
    }
}

/// A name split for comparison: snake-cased base and lookup suffix.
struct Key {
    base: String,
    lookup: Option<String>,
}

impl Key {
    fn of(name: &str) -> Key {
        let (base, lookup) = split_lookup(name);
        Key {
            base: base.to_snake_case(),
            lookup: lookup.map(str::to_string),
        }
    }
}

/// Splits a trailing `__<lowercase letters>` lookup off a name, when the rest is not empty.
fn split_lookup(name: &str) -> (&str, Option<&str>) {
    if let Some(i) = name.rfind("__") {
        let (base, tail) = (&name[..i], &name[i + 2..]);
        if !base.is_empty()
            && !base.ends_with('_')
            && !tail.is_empty()
            && tail.bytes().all(|b| b.is_ascii_lowercase())
        {
            return (base, Some(tail));
        }
    }
    (name, None)
}

/// The edit distance a name of `len` characters may be from a candidate and still be offered.
fn threshold(len: usize) -> usize {
    match len {
        0..=3 => 1,
        4..=7 => 2,
        _ => 3,
    }
}

/// Suggests the real name meant by `wrong`. `location` is where the wrong name was looked for,
/// when that is known; a candidate with the same spelling in that same location is not a
/// suggestion (it would be the name itself).
pub fn suggest<'a>(
    wrong: &str,
    location: Option<Location>,
    candidates: &[Candidate<'a>],
) -> Suggestion<'a> {
    let w = Key::of(wrong);
    let keys: Vec<Key> = candidates.iter().map(|c| Key::of(c.name)).collect();
    let usable = |i: usize| {
        let c = &candidates[i];
        keys[i].lookup == w.lookup && !(c.name == wrong && c.location == location)
    };
    let found = |i: usize, rule: Rule| Suggestion::Name {
        candidate: candidates[i],
        rule,
    };

    // (1) Same name elsewhere or in another case; prefer another location over another case.
    let same: Vec<usize> = (0..candidates.len())
        .filter(|&i| usable(i) && keys[i].base == w.base)
        .collect();
    if let Some(&i) = same
        .iter()
        .find(|&&i| location.is_some() && candidates[i].location != location)
        .or_else(|| same.first())
    {
        return found(i, Rule::SameName);
    }

    // (2) The longest real name the wrong one ends with, at a word boundary.
    let suffix = (0..candidates.len())
        .filter(|&i| {
            let b = &keys[i].base;
            usable(i)
                && !b.is_empty()
                && w.base.len() > b.len()
                && w.base.ends_with(b.as_str())
                && w.base.as_bytes()[w.base.len() - b.len() - 1] == b'_'
        })
        .max_by_key(|&i| (keys[i].base.len(), std::cmp::Reverse(i)));
    if let Some(i) = suffix {
        return found(i, Rule::Suffix);
    }

    // (3) Without an `_id` suffix, or with one.
    let toggled = match w.base.strip_suffix("_id") {
        Some(stem) => stem.to_string(),
        None => format!("{}_id", w.base),
    };
    if let Some(i) = (0..candidates.len()).find(|&i| usable(i) && keys[i].base == toggled) {
        return found(i, Rule::IdSuffix);
    }

    // (4) Nearest by edit distance (transpositions count once), ties to the earliest.
    let limit = threshold(w.base.chars().count());
    let near = (0..candidates.len())
        .filter(|&i| usable(i))
        .map(|i| (strsim::osa_distance(&w.base, &keys[i].base), i))
        .filter(|&(d, _)| d <= limit)
        .min();
    if let Some((_, i)) = near {
        return found(i, Rule::Similar);
    }

    // (5) The list of what is accepted.
    Suggestion::Accepted(candidates.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&'static str]) -> Vec<Candidate<'static>> {
        list.iter().map(|n| Candidate::new(n)).collect()
    }

    fn answer(wrong: &str, list: &[&'static str]) -> String {
        suggest(wrong, None, &names(list)).to_string()
    }

    fn rule(wrong: &str, list: &[&'static str]) -> Option<Rule> {
        match suggest(wrong, None, &names(list)) {
            Suggestion::Name { rule, .. } => Some(rule),
            Suggestion::Accepted(_) => None,
        }
    }

    #[test]
    fn same_name_in_another_location_comes_first() {
        let c = [
            Candidate::at(Location::Query, "channel"),
            Candidate::at(Location::Body, "channel_id"),
            Candidate::at(Location::Query, "channel_id"),
        ];
        let s = suggest("channel_id", Some(Location::Body), &c);
        assert_eq!(
            s,
            Suggestion::Name {
                candidate: Candidate::at(Location::Query, "channel_id"),
                rule: Rule::SameName
            }
        );
        assert_eq!(s.to_string(), "did you mean `query.channel_id`?");
    }

    #[test]
    fn case_conversion_is_a_match() {
        assert_eq!(
            answer("page_num", &["per_page", "pageNum"]),
            "did you mean `pageNum`?"
        );
        assert_eq!(
            answer("pageNum", &["page", "page_num"]),
            "did you mean `page_num`?"
        );
        assert_eq!(
            answer("x_request_id", &["X-Request-Id"]),
            "did you mean `X-Request-Id`?"
        );
        assert_eq!(rule("pageNum", &["page_num"]), Some(Rule::SameName));
    }

    #[test]
    fn longest_real_name_the_wrong_one_ends_with() {
        let list = ["id", "role_id", "device_id"];
        assert_eq!(answer("device_role_id", &list), "did you mean `role_id`?");
        assert_eq!(rule("device_role_id", &list), Some(Rule::Suffix));
        // Only at a word boundary: `xrole_id` is not `x` + `role_id`, but still ends in `_id`.
        assert_eq!(answer("xrole_id", &["role_id", "id"]), "did you mean `id`?");
    }

    #[test]
    fn id_suffix_removed_or_added() {
        assert_eq!(
            answer("channel", &["team_id", "channel_id"]),
            "did you mean `channel_id`?"
        );
        assert_eq!(rule("channel", &["channel_id"]), Some(Rule::IdSuffix));
        assert_eq!(answer("channelId", &["channel"]), "did you mean `channel`?");
    }

    #[test]
    fn edit_distance_within_threshold() {
        assert_eq!(
            answer("mesage", &["message", "channel_id"]),
            "did you mean `message`?"
        );
        assert_eq!(
            answer("chanel_id", &["channel_id"]),
            "did you mean `channel_id`?"
        );
        assert_eq!(answer("mesasge", &["message"]), "did you mean `message`?");
        assert_eq!(rule("mesage", &["message"]), Some(Rule::Similar));
        // Too far: the list instead.
        assert_eq!(
            answer("zzz", &["message", "channel_id"]),
            "accepted: `message`, `channel_id`"
        );
    }

    #[test]
    fn lookup_suffix_that_changes_meaning_is_never_offered() {
        let list = ["name", "name__n", "name__ic", "name__nic", "site__n"];
        assert_eq!(
            answer("name__in", &list),
            "accepted: `name`, `name__n`, `name__ic`, `name__nic`, `site__n`"
        );
        assert_eq!(
            answer("site__in", &list),
            "accepted: `name`, `name__n`, `name__ic`, `name__nic`, `site__n`"
        );
        // The same lookup with a near base is fine.
        assert_eq!(answer("nmae__ic", &list), "did you mean `name__ic`?");
        assert_eq!(answer("device_name__n", &list), "did you mean `name__n`?");
        // A plain name is not answered with a lookup.
        assert_eq!(
            answer("site", &["site__n", "site__in"]),
            "accepted: `site__n`, `site__in`"
        );
        assert_eq!(
            answer("name__gte", &["name__gt", "name__lte"]),
            "accepted: `name__gt`, `name__lte`"
        );
    }

    #[test]
    fn lookup_split_needs_a_base_and_letters() {
        assert_eq!(split_lookup("x__in"), ("x", Some("in")));
        assert_eq!(split_lookup("__typename"), ("__typename", None));
        assert_eq!(split_lookup("a__2"), ("a__2", None));
        assert_eq!(split_lookup("a___n"), ("a___n", None));
        assert_eq!(split_lookup("plain"), ("plain", None));
    }

    #[test]
    fn nothing_to_offer() {
        assert_eq!(answer("x", &[]), "it accepts none");
        assert_eq!(suggest("x", None, &[]).candidate(), None);
    }

    #[test]
    fn exact_name_in_same_location_is_not_a_suggestion() {
        let c = [Candidate::at(Location::Query, "page")];
        assert_eq!(
            suggest("page", Some(Location::Query), &c).to_string(),
            "accepted: `query.page`"
        );
    }
}
