//! The normalized data model every phase shares: what the index stores for each operation, and
//! what a tool carries at run time.
//!
//! The spec side is normalized once (in [`crate::spec::normalize`]) into these types; accounting,
//! schema generation, routing and the runtime read only these, never the raw document.
//!
//! One room a kind of fact, every type re-exported here (`crate::model::Operation`):
//! `schema` (a [`Schema`], its [`Type`] and [`Field`]s), `param` (an operation's [`Param`]s and
//! [`Body`]), `operation` (the [`Operation`] itself, its spec and what was degraded), `accounting` (what a tool decided for each parameter), `response`, `path` (the
//! path template), `security` (the requirements a request must meet) and `union` (a union
//! body's arms), with `location` ([`Location`] and [`Style`]) and `unsupported`
//! ([`Unsupported`]), shared by all of them, below them.

mod accounting;
mod assertions;
pub mod effects;
mod failure;
mod location;
mod operation;
mod param;
mod path;
mod response;
mod schema;
mod security;
pub(crate) mod skip_if;
mod union;
mod unsupported;
pub use accounting::{Absent, Accounted, Below, BelowStep, Disposition, Overridden, below_steps};
pub use failure::{Failed, FailureRule, FailureWhen, failure_in};
pub use location::{HEADER_TEXT_PATTERN, Location, Style};
pub use operation::{Degradation, DegradeReason, Operation, SharedSchema, SpecInfo};
pub use param::{Body, BodyKind, Param, PartEncoding, address};
pub use path::{Part, Parts, PathTemplate, TemplateError, TemplateErrorKind};
#[cfg(test)]
pub(crate) mod testing;
pub use assertions::{
    Assertions, RequiredAlternatives, first_duplicate, is_multiple_of, json_equal,
};
pub use response::{Content, Response, ResponseHeader, StatusKey, is_json_media_type, media_base};
pub use schema::{Field, Schema, Type};
pub use security::{Requirement, SchemeKind, SchemeUse};
pub use union::{describe_arm, describe_arms, union_arms};
pub use unsupported::Unsupported;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_of_whole_body_is_body() {
        let body = testing::param(Location::Body, "");
        assert_eq!(body.address(), "body");
        assert_eq!(testing::query("pageNum").address(), "query.pageNum");
    }

    fn param(location: Location, style: Style, explode: bool) -> Param {
        Param {
            location,
            name: "p".into(),
            required: false,
            deprecated: false,
            description: None,
            schema: Schema::any(),
            style,
            explode,
            pointer: "#/p".into(),
        }
    }

    #[test]
    fn style_and_explode_are_left_out_only_when_implied() {
        let styles = [
            Style::Simple,
            Style::Form,
            Style::Label,
            Style::Matrix,
            Style::SpaceDelimited,
            Style::PipeDelimited,
            Style::DeepObject,
        ];
        for location in Location::ALL {
            for style in styles {
                for explode in [false, true] {
                    let p = param(location, style, explode);
                    let json = serde_json::to_value(&p).unwrap();
                    let back: Param = serde_json::from_value(json.clone()).unwrap();
                    assert_eq!(back, p, "{json}");
                    let implied = match location {
                        Location::Query | Location::Cookie | Location::Body => {
                            style == Style::Form && explode
                        }
                        Location::Path | Location::Header => style == Style::Simple && !explode,
                    };
                    assert_eq!(json.get("style").is_none(), implied, "{json}");
                }
            }
        }
        // JSON that spells `style` out reads as before: no `explode` is false.
        let old = serde_json::json!({
            "location": "query", "name": "p", "schema": {"type": "any"}, "style": "form",
            "pointer": "#/p"
        });
        let p: Param = serde_json::from_value(old).unwrap();
        assert_eq!((p.style, p.explode), (Style::Form, false));
    }

    #[test]
    fn schema_reads_keywords_in_any_order_and_rejects_what_the_derive_rejected() {
        let s: Schema = serde_json::from_str(
            r#"{"enum":["a","b"],"nullable":true,"min_length":1,"type":"string","x":1}"#,
        )
        .unwrap();
        assert_eq!(
            s.ty,
            Type::String {
                format: None,
                enumeration: Some(vec!["a".into(), "b".into()]),
                pattern: None,
                min_length: Some(1),
                max_length: None,
            }
        );
        assert!(s.nullable);
        let s: Schema = serde_json::from_str(r#"{"type":"integer","enum":[1,2]}"#).unwrap();
        assert!(matches!(s.ty, Type::Integer { enumeration: Some(ref e), .. } if e == &[1, 2]));
        for bad in [
            r#"{}"#,
            r#"{"type":"nope"}"#,
            r#"{"type":"array"}"#,
            r#"{"type":"anyOf"}"#,
            r#"{"type":"integer","enum":["a"]}"#,
            r#"{"type":"string","nullable":null}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Schema>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn operation_round_trips_through_json() {
        let mut id = testing::param(Location::Path, "id");
        id.description = Some("The id".into());
        id.schema = Schema::new(Type::Integer {
            format: Some("int64".into()),
            minimum: Some(1.0),
            maximum: None,
            enumeration: None,
        });
        let op = testing::op("GET", "/things/{id}")
            .id("GetThing")
            .params(vec![id])
            .build();
        let json = serde_json::to_string(&op).unwrap();
        let back: Operation = serde_json::from_str(&json).unwrap();
        assert_eq!(op, back);
        assert_eq!(op.key(), "GET /things/{id}");
    }
}
