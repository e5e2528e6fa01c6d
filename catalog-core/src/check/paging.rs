//! The paging rule: a list tool that cannot page says how an agent reaches the rest.
//!
//! A list operation (see [`is_list`]) returns one page per call; its paging parameters (see
//! [`is_paging_param`]) are how a caller asks for the next one. A tool that omits or fixes every
//! one of them gives an agent the first page and nothing more, which looks exactly like the
//! whole list. Such a tool is accepted only when one of those reasons says how an agent reaches
//! the rest, or why one page is all it needs ([`super::reasons::reaches_the_rest`]); its
//! description then tells the agent that the result is one page ([`cannot_page`] is the one
//! test both read).

use crate::model::{Accounted, Disposition, Location, Operation, Param, Schema, StatusKey, Type};
use heck::ToSnakeCase;

/// Query parameter names that page a list, compared without case and without `_`, `-`, `$`,
/// `.`, `[` and `]` (`per_page`, `perPage`, `page-size`, `$top` all match).
pub const PAGING_NAMES: &[&str] = &[
    "page",
    "perpage",
    "pagesize",
    "pagenum",
    "pagenumber",
    "pagetoken",
    "limit",
    "offset",
    "cursor",
    "after",
    "before",
    "start",
    "marker",
    "next",
    "nexttoken",
    "continuationtoken",
    "skip",
    "top",
    // Jira's `startAt`/`maxResults`, Google's `startIndex`/`maxResults`, Stripe's
    // `starting_after`/`ending_before`, and the token names of AWS and Twitter.
    "startat",
    "startindex",
    "maxresults",
    "startingafter",
    "endingbefore",
    "nextpagetoken",
    "paginationtoken",
    "pagecursor",
];

/// Of [`PAGING_NAMES`], those that say how many items a page holds; the others say where a page
/// starts. An operation with one of each pages its result whatever its response declares.
pub const SIZE_NAMES: &[&str] = &["perpage", "pagesize", "limit", "maxresults", "top"];

/// Words in a response field's name that mark a paginated envelope (`next`, `next_page`,
/// `total_count`, `has_more`, `@odata.nextLink`), split at `_`, `-`, `.`, `@` and case changes.
const ENVELOPE_WORDS: &[&str] = &[
    "next",
    "prev",
    "previous",
    "cursor",
    "count",
    "total",
    "page",
    "pages",
    "more",
    "offset",
    "limit",
    "links",
    "continuation",
    "token",
];

/// Whether a parameter pages a list: a query parameter named as one of [`PAGING_NAMES`].
pub fn is_paging_param(p: &Param) -> bool {
    p.location == Location::Query && is_paging_name(&p.name)
}

/// The longest of [`PAGING_NAMES`]: a name longer than that once normalized is none of them.
const LONGEST_PAGING_NAME: usize = {
    let (mut i, mut longest) = (0, 0);
    while i < PAGING_NAMES.len() {
        if PAGING_NAMES[i].len() > longest {
            longest = PAGING_NAMES[i].len();
        }
        i += 1;
    }
    longest
};

/// Whether `name`, [`normalized`], is one of [`PAGING_NAMES`]. An ASCII name is normalized into
/// a buffer as long as the longest of them, so the check writes no string (it runs on every
/// parameter of every list operation a tool wraps, in the macro, unoptimized).
fn is_paging_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let mut buf = [0u8; LONGEST_PAGING_NAME];
    let mut len = 0;
    // An index loop and a `match`: the fewest instructions unoptimized.
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        if b >= 0x80 {
            return PAGING_NAMES.contains(&normalized(name).as_str());
        }
        if matches!(b, b'_' | b'-' | b'$' | b'.' | b'[' | b']') {
            continue;
        }
        // Longer than any paging name: each character normalizes to one or more.
        if len == LONGEST_PAGING_NAME {
            return false;
        }
        buf[len] = b.to_ascii_lowercase();
        len += 1;
    }
    is_paging_word(&buf[..len])
}

/// Whether a normalized ASCII name is one of [`PAGING_NAMES`]: an index loop that compares
/// bytes only at equal lengths.
fn is_paging_word(word: &[u8]) -> bool {
    let mut i = 0;
    while i < PAGING_NAMES.len() {
        let name = PAGING_NAMES[i].as_bytes();
        if name.len() == word.len() && name == word {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether an operation returns a list a page at a time: a `GET` whose success response (its
/// `2xx` responses, else `default`) is a JSON array or a paginated envelope (an object with an
/// array field and a field named for paging, such as `next` or `total_count`, or an object
/// holding one up to `ENVELOPE_DEPTH` (two) levels down, such as Slack's
/// `response_metadata.next_cursor`). When no success
/// response documents a JSON schema, its paging parameters are the evidence and it counts as a
/// list; so they are when it has both a page size and a page start parameter ([`pages_by_name`],
/// `limit` and `offset`, `startAt` and `maxResults`) and its response is an object, however little
/// of the envelope it declares.
pub fn is_list(op: &Operation) -> bool {
    if op.method != "GET" {
        return false;
    }
    let success: Vec<_> = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .collect();
    let responses = if success.is_empty() {
        op.responses
            .iter()
            .filter(|r| r.status == StatusKey::Default)
            .collect()
    } else {
        success
    };
    let schemas: Vec<&Schema> = responses
        .iter()
        .flat_map(|r| r.content.iter())
        .filter(|c| c.is_json())
        .filter_map(|c| c.schema.as_ref())
        .filter(|s| s.ty != Type::Any)
        .collect();
    schemas.is_empty()
        || schemas.iter().any(|s| is_list_shaped(s))
        || (pages_by_name(op) && schemas.iter().any(|s| is_object(s)))
}

/// Whether an operation has a query parameter for a page's size ([`SIZE_NAMES`]) and another
/// for where it starts: the convention real APIs page by, whatever their response declares.
pub fn pages_by_name(op: &Operation) -> bool {
    let paging = || op.params.iter().filter(|p| is_paging_param(p));
    let is_size = |p: &Param| SIZE_NAMES.contains(&normalized(&p.name).as_str());
    paging().any(is_size) && paging().any(|p| !is_size(p))
}

fn is_object(schema: &Schema) -> bool {
    match &schema.ty {
        Type::Object { .. } => true,
        Type::AnyOf { arms } => arms.iter().any(is_object),
        _ => false,
    }
}

fn is_list_shaped(schema: &Schema) -> bool {
    match &schema.ty {
        Type::Array { .. } => true,
        Type::AnyOf { arms } => arms.iter().any(is_list_shaped),
        Type::Object { fields, .. } => {
            fields
                .iter()
                .any(|f| matches!(f.schema.ty, Type::Array { .. }))
                && fields
                    .iter()
                    .any(|f| names_paging(&f.name, &f.schema, ENVELOPE_DEPTH))
        }
        _ => false,
    }
}

/// How deep below an envelope's own fields a field named for paging is looked for: Slack's
/// `response_metadata.next_cursor` is one level down, JSON:API's `meta.page.total` two.
const ENVELOPE_DEPTH: usize = 2;

/// Whether a field is named for paging ([`ENVELOPE_WORDS`]), or is an object with such a field
/// at most `depth` levels below it.
fn names_paging(name: &str, schema: &Schema, depth: usize) -> bool {
    if words(name)
        .iter()
        .any(|w| ENVELOPE_WORDS.contains(&w.as_str()))
    {
        return true;
    }
    match &schema.ty {
        Type::Object { fields, .. } if depth > 0 => fields
            .iter()
            .any(|f| names_paging(&f.name, &f.schema, depth - 1)),
        Type::AnyOf { arms } if depth > 0 => arms.iter().any(|arm| match &arm.ty {
            Type::Object { fields, .. } => fields
                .iter()
                .any(|f| names_paging(&f.name, &f.schema, depth - 1)),
            _ => false,
        }),
        _ => false,
    }
}

/// The rows of a tool's accounting that page its list, when the agent can set none of them: the
/// operation is a list ([`is_list`]), it has paging parameters, each is accounted for, and each
/// is Omitted, Fixed, or Undocumented with a fixed value. `None` when the tool can page (a field
/// sets one of them), or has nothing to page with.
pub fn cannot_page<'a>(op: &Operation, accounting: &'a [Accounted]) -> Option<Vec<&'a Accounted>> {
    if !is_list(op) {
        return None;
    }
    let rows: Vec<&Accounted> = accounting
        .iter()
        .filter(|r| is_paging_param(&r.param))
        .collect();
    // Rows follow the parameters' order: when each parameter has its row in its place, every
    // paging parameter is accounted for without looking for them again.
    let in_place = accounting.len() >= op.params.len()
        && op
            .params
            .iter()
            .zip(accounting)
            .all(|(p, r)| p.same_address(&r.param));
    let all_accounted = in_place
        || op
            .params
            .iter()
            .filter(|p| is_paging_param(p))
            .all(|p| rows.iter().any(|r| r.param.same_address(p)));
    let agent_sets_one = rows.iter().any(|r| sets(&r.disposition));
    (!rows.is_empty() && all_accounted && !agent_sets_one).then_some(rows)
}

/// The reason a row that the agent cannot set was given (Omitted, Fixed, Undocumented).
pub fn reason_of(row: &Accounted) -> Option<&str> {
    match &row.disposition {
        Disposition::Set { .. } | Disposition::Credential { .. } => None,
        Disposition::Fixed { reason, .. }
        | Disposition::Omitted { reason, .. }
        | Disposition::Undocumented { reason, .. } => Some(reason),
    }
}

fn sets(d: &Disposition) -> bool {
    matches!(
        d,
        Disposition::Set { .. } | Disposition::Undocumented { field: Some(_), .. }
    )
}

fn normalized(name: &str) -> String {
    if name.is_ascii() {
        // Every spec's names, nearly: no case mapping tables needed.
        return name
            .bytes()
            .filter(|b| !matches!(b, b'_' | b'-' | b'$' | b'.' | b'[' | b']'))
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
    }
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | '$' | '.' | '[' | ']'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A name's words: its snake_case form split at `_` (`@odata.nextLink` is `odata`, `next`,
/// `link`).
fn words(name: &str) -> Vec<String> {
    name.to_snake_case()
        .split('_')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{array_of, field, json_response as json, object, op, param};

    proptest::proptest! {
        /// The buffered check is the normalized name's lookup, for any name: paging names in
        /// any case and with separators, names one character too long, and non-ASCII ones.
        #[test]
        fn a_paging_name_is_found_as_its_normalized_form_is(
            name in "(?i)(page|per_page|pageSize|page-token|\\$top|continuation_token|limit|k)?[a-z_\\-\\$\\.\\[\\]KÉ\u{212a}]{0,4}"
        ) {
            proptest::prop_assert_eq!(
                is_paging_name(&name),
                PAGING_NAMES.contains(&normalized(&name).as_str())
            );
        }
    }

    #[test]
    fn paging_names_are_found_in_any_spelling_and_only_whole() {
        for name in [
            "page",
            "perPage",
            "per_page",
            "PAGE-SIZE",
            "$top",
            "page[number]",
            "Continuation.Token",
            // The Kelvin sign lowercases to `k`: a non-ASCII name takes the general path.
            "page_to\u{212A}en",
        ] {
            assert!(is_paging_name(name), "{name}");
        }
        for name in [
            "pages",
            "continuationtokens",
            "continuation_token_x",
            "",
            "_",
            "límit",
            "pagé",
        ] {
            assert!(!is_paging_name(name), "{name}");
        }
    }

    fn list_of_strings() -> Schema {
        array_of(Schema::new(Type::boolean()))
    }

    #[test]
    fn paging_parameters_are_query_parameters_named_for_paging_in_any_spelling() {
        for name in [
            "page",
            "per_page",
            "perPage",
            "page-size",
            "pageSize",
            "limit",
            "offset",
            "cursor",
            "after",
            "before",
            "start",
            "marker",
            "next",
            "page_token",
            "$top",
            "$skip",
        ] {
            assert!(is_paging_param(&param(Location::Query, name)), "{name}");
        }
        for name in [
            "pages_total",
            "q",
            "since",
            "sort",
            "status",
            "starting",
            "limits",
        ] {
            assert!(!is_paging_param(&param(Location::Query, name)), "{name}");
        }
        // A name that is not ASCII is compared after Unicode lower-casing (the Kelvin sign
        // lower-cases to `k`), without its separators too.
        assert!(is_paging_param(&param(Location::Query, "Mar\u{212a}er")));
        assert!(is_paging_param(&param(Location::Query, "Mar-\u{212a}er")));
        assert!(!is_paging_param(&param(Location::Query, "pag\u{e9}")));
        assert!(!is_paging_param(&param(Location::Query, "\u{212a}_")));
        assert!(!is_paging_param(&param(Location::Header, "page")));
        assert!(!is_paging_param(&param(Location::Body, "limit")));
    }

    #[test]
    fn a_list_is_a_get_returning_an_array_or_a_paginated_envelope() {
        let array =
            op("GET", "/tasks").response(json(StatusKey::Code(200), Some(list_of_strings())));
        assert!(is_list(&array.build()));
        let post =
            op("POST", "/tasks").response(json(StatusKey::Code(200), Some(list_of_strings())));
        assert!(!is_list(&post.build()));
        // NetBox: {count, next, previous, results: [...]}; Oxide: {items: [...], next_page}.
        for marker in [
            "next",
            "next_page",
            "total_count",
            "hasMore",
            "@odata.nextLink",
        ] {
            let envelope = object(vec![
                field("results", list_of_strings()),
                field(marker, Schema::new(Type::boolean())),
            ]);
            let get = op("GET", "/x").response(json(StatusKey::Code(200), Some(envelope)));
            assert!(is_list(&get.build()), "{marker}");
        }
        let one_object = object(vec![
            field("roles", list_of_strings()),
            field("name", Schema::new(Type::boolean())),
        ]);
        let get = op("GET", "/user").response(json(StatusKey::Code(200), Some(one_object)));
        assert!(!is_list(&get.build()));
        // No JSON schema: the paging parameters are the evidence.
        assert!(is_list(
            &op("GET", "/x")
                .response(json(StatusKey::Code(200), None))
                .build()
        ));
        assert!(is_list(&op("GET", "/x").build()));
        // `default` counts only when no success response is documented.
        let default_only =
            op("GET", "/x").response(json(StatusKey::Default, Some(list_of_strings())));
        assert!(is_list(&default_only.build()));
        let error_is_a_list = op("GET", "/x")
            .response(json(
                StatusKey::Code(200),
                Some(Schema::new(Type::boolean())),
            ))
            .response(json(StatusKey::Default, Some(list_of_strings())));
        assert!(!is_list(&error_is_a_list.build()));
        // Without a success response only `default` counts: an error status's list does not.
        let error_list_default_object = op("GET", "/x")
            .response(json(StatusKey::Code(404), Some(list_of_strings())))
            .response(json(StatusKey::Default, Some(Schema::new(Type::boolean()))));
        assert!(!is_list(&error_list_default_object.build()));
        // A union with a list arm is a list.
        let union = Schema::new(Type::AnyOf {
            arms: vec![Schema::new(Type::boolean()), list_of_strings()],
        });
        let get = op("GET", "/x").response(json(StatusKey::Code(200), Some(union)));
        assert!(is_list(&get.build()));
    }

    fn row(p: Param, disposition: Disposition) -> Accounted {
        Accounted {
            param: p,
            disposition,
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        }
    }

    fn omitted(reason: &str) -> Disposition {
        Disposition::Omitted {
            reason: reason.into(),
            pattern: None,
        }
    }

    #[test]
    fn jira_s_and_stripe_s_paging_names_are_paging_names() {
        for name in [
            "startAt",
            "maxResults",
            "startIndex",
            "starting_after",
            "ending_before",
            "nextPageToken",
            "pagination_token",
        ] {
            assert!(is_paging_param(&param(Location::Query, name)), "{name}");
        }
    }

    #[test]
    fn a_size_and_a_start_parameter_make_a_list_of_an_object_that_declares_no_envelope() {
        // `{"data": [...]}` names no paging field: by the response alone it is one object.
        let under_declared = object(vec![field("data", list_of_strings())]);
        let bare_object = object(vec![]);
        for response in [under_declared, bare_object] {
            let with = |names: &[&str]| {
                op("GET", "/issues")
                    .params(names.iter().map(|n| param(Location::Query, n)).collect())
                    .response(json(StatusKey::Code(200), Some(response.clone())))
                    .build()
            };
            assert!(is_list(&with(&["limit", "offset"])));
            assert!(is_list(&with(&["startAt", "maxResults", "jql"])));
            assert!(is_list(&with(&["per_page", "page"])));
            // One of a kind is not enough: `limit` alone caps a search, `page` alone may name
            // a wiki page.
            assert!(!is_list(&with(&["limit"])));
            assert!(!is_list(&with(&["page", "cursor"])));
            assert!(!is_list(&with(&["q"])));
        }
        // A union with an object arm is an object response.
        let union = Schema::new(Type::AnyOf {
            arms: vec![Schema::new(Type::boolean()), object(vec![])],
        });
        let get = op("GET", "/issues")
            .params(vec![
                param(Location::Query, "limit"),
                param(Location::Query, "offset"),
            ])
            .response(json(StatusKey::Code(200), Some(union)))
            .build();
        assert!(is_list(&get));
        // A scalar response is no list, whatever the parameters.
        let scalar = op("GET", "/count")
            .params(vec![
                param(Location::Query, "limit"),
                param(Location::Query, "offset"),
            ])
            .response(json(
                StatusKey::Code(200),
                Some(Schema::new(Type::boolean())),
            ))
            .build();
        assert!(!is_list(&scalar));
    }

    #[test]
    fn a_list_tool_cannot_page_when_no_field_sets_a_paging_parameter() {
        let page = param(Location::Query, "page");
        let per_page = param(Location::Query, "per_page");
        let q = param(Location::Query, "q");
        let list = op("GET", "/tasks")
            .params(vec![q.clone(), page.clone(), per_page.clone()])
            .build();
        let set = |p: &Param| {
            row(
                p.clone(),
                Disposition::Set {
                    argument: p.name.clone(),
                    field: p.name.clone(),
                },
            )
        };
        let fixed = |p: &Param| {
            row(
                p.clone(),
                Disposition::Fixed {
                    value: serde_json::json!(100),
                    reason: "r".into(),
                },
            )
        };
        let none_set = vec![set(&q), row(page.clone(), omitted("r")), fixed(&per_page)];
        let found = cannot_page(&list, &none_set)
            .map(|rows| rows.iter().map(|r| r.param.address()).collect::<Vec<_>>());
        assert_eq!(
            found,
            Some(vec!["query.page".into(), "query.per_page".into()])
        );
        let one_set = vec![set(&q), set(&page), fixed(&per_page)];
        assert_eq!(cannot_page(&list, &one_set), None);
        // An unaccounted paging parameter is reported as unaccounted, not here.
        let partial = vec![set(&q), row(page.clone(), omitted("r"))];
        assert_eq!(cannot_page(&list, &partial), None);
        let wrong_place = vec![set(&q), fixed(&per_page), set(&page)];
        assert_eq!(cannot_page(&list, &wrong_place), None);
        // Rows out of the parameters' order are looked up one by one.
        let reordered = vec![fixed(&per_page), row(page.clone(), omitted("r")), set(&q)];
        let found = cannot_page(&list, &reordered)
            .map(|rows| rows.iter().map(|r| r.param.address()).collect::<Vec<_>>());
        assert_eq!(
            found,
            Some(vec!["query.per_page".into(), "query.page".into()])
        );
        let reordered_partial = vec![fixed(&per_page), set(&q)];
        assert_eq!(cannot_page(&list, &reordered_partial), None);
        let offset = param(Location::Query, "offset");
        let three = op("GET", "/tasks")
            .params(vec![page.clone(), per_page.clone(), offset])
            .build();
        let two_of_three = vec![row(page.clone(), omitted("r")), fixed(&per_page)];
        assert_eq!(cannot_page(&three, &two_of_three), None);
        // Nothing to page with.
        let plain = op("GET", "/tasks").params(vec![q.clone()]).build();
        assert_eq!(cannot_page(&plain, &[set(&q)]), None);
        // An undocumented paging parameter a field sets lets the agent page.
        let undocumented = row(
            param(Location::Query, "cursor"),
            Disposition::Undocumented {
                argument: Some("cursor".into()),
                field: Some("cursor".into()),
                value: None,
                read_at: "x".into(),
                reason: "r".into(),
            },
        );
        let with_cursor = vec![
            set(&q),
            row(page, omitted("r")),
            fixed(&per_page),
            undocumented,
        ];
        assert_eq!(cannot_page(&list, &with_cursor), None);
    }

    #[test]
    fn a_paging_field_nested_in_the_envelope_makes_it_a_list() {
        // Slack: {ok, channels: [...], response_metadata: {next_cursor}}.
        let slack = |cursor: &str| {
            object(vec![
                field("ok", Schema::new(Type::boolean())),
                field("channels", list_of_strings()),
                field(
                    "response_metadata",
                    object(vec![field(cursor, Schema::new(Type::boolean()))]),
                ),
            ])
        };
        let get = |schema: Schema| {
            op("GET", "/conversations.list")
                .response(json(StatusKey::Code(200), Some(schema)))
                .build()
        };
        assert!(is_list(&get(slack("next_cursor"))));
        assert!(!is_list(&get(slack("warnings"))));
        // JSON:API: {data: [...], meta: {page: {total}}}: two levels down.
        let json_api = |depth_two: Schema| {
            object(vec![
                field("data", list_of_strings()),
                field("meta", object(vec![field("stats", depth_two)])),
            ])
        };
        assert!(is_list(&get(json_api(object(vec![field(
            "total",
            Schema::new(Type::boolean())
        )])))));
        // Three levels down is too deep to be the envelope's.
        let three = object(vec![field(
            "x",
            object(vec![field("total", Schema::new(Type::boolean()))]),
        )]);
        assert!(!is_list(&get(json_api(three))));
        // So is a union's object arm there.
        let three_in_a_union = object(vec![field(
            "x",
            Schema::new(Type::AnyOf {
                arms: vec![
                    Schema::new(Type::boolean()),
                    object(vec![field("total", Schema::new(Type::boolean()))]),
                ],
            }),
        )]);
        assert!(!is_list(&get(json_api(three_in_a_union))));
        // And a union two levels down looks one level into its object arm, no further.
        let deeper_through_a_union = Schema::new(Type::AnyOf {
            arms: vec![
                Schema::new(Type::boolean()),
                object(vec![field(
                    "x",
                    object(vec![field("total", Schema::new(Type::boolean()))]),
                )]),
            ],
        });
        assert!(!is_list(&get(json_api(deeper_through_a_union))));
        // A union's object arm is looked into too.
        let union = Schema::new(Type::AnyOf {
            arms: vec![
                Schema::new(Type::boolean()),
                object(vec![field("next_cursor", Schema::new(Type::boolean()))]),
            ],
        });
        let with_union = object(vec![
            field("channels", list_of_strings()),
            field("response_metadata", union),
        ]);
        assert!(is_list(&get(with_union)));
    }

    #[test]
    fn names_split_into_words_at_separators_and_case_changes() {
        assert_eq!(words("@odata.nextLink"), ["odata", "next", "link"]);
        assert_eq!(words("total_count"), ["total", "count"]);
        assert_eq!(words("hasMore"), ["has", "more"]);
    }
}
