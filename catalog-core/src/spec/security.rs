//! An operation's security requirement, read from `security` (the operation's, else the
//! document's) and `components.securitySchemes`, with each scheme's definition carried along so
//! that a tool knows what credential its request needs without the spec at run time.

use crate::spec::tree::{Object, Tree};

/// The requirement's types, at their former path (they are the model's: [`crate::model::SchemeUse`]).
pub use crate::model::{Requirement, SchemeKind, SchemeUse};

/// The effective requirement of the operation object `op`: its own `security`, else the
/// document's; empty when neither says anything (nothing needed). A scheme the document does
/// not define is kept as [`SchemeKind::Unsupported`], so that a tool that needs it says so.
pub fn requirements<T: Tree>(doc: &T, op: &T) -> Vec<Requirement> {
    let Some(list) = op
        .get("security")
        .or_else(|| doc.get("security"))
        .and_then(T::as_array)
    else {
        return Vec::new();
    };
    let schemes = doc.pointer("/components/securitySchemes");
    list.iter()
        .filter_map(T::as_object)
        .map(|alternative| {
            alternative
                .entries()
                .map(|(name, scopes)| SchemeUse {
                    scheme: name.to_string(),
                    kind: kind(schemes.and_then(|s| s.get(name))),
                    scopes: scopes
                        .as_array()
                        .map(|a| a.iter().filter_map(T::as_str).map(String::from).collect())
                        .unwrap_or_default(),
                })
                .collect()
        })
        .collect()
}

fn kind<T: Tree>(scheme: Option<&T>) -> SchemeKind {
    let Some(s) = scheme else {
        return SchemeKind::Unsupported {
            what: "a scheme components.securitySchemes does not define".into(),
        };
    };
    let text = |k: &str| s.get(k).and_then(T::as_str).unwrap_or_default();
    match text("type") {
        "apiKey" => SchemeKind::ApiKey {
            location: text("in").to_string(),
            name: text("name").to_string(),
        },
        "http" if text("scheme").eq_ignore_ascii_case("bearer") => SchemeKind::Bearer,
        "http" if text("scheme").eq_ignore_ascii_case("basic") => SchemeKind::Basic,
        "http" => SchemeKind::Unsupported {
            what: format!("http {}", text("scheme")),
        },
        "oauth2" => match s
            .pointer("/flows/clientCredentials/tokenUrl")
            .and_then(T::as_str)
        {
            Some(url) => SchemeKind::ClientCredentials {
                token_url: url.to_string(),
            },
            _ => {
                let flows: Vec<&str> = s
                    .get("flows")
                    .and_then(T::as_object)
                    .map(|f| f.entries().map(|(k, _)| k).collect())
                    .unwrap_or_default();
                SchemeKind::AccessToken {
                    what: format!("oauth2 ({})", flows.join(", ")),
                }
            }
        },
        "openIdConnect" => SchemeKind::AccessToken {
            what: "openIdConnect".to_string(),
        },
        other => SchemeKind::Unsupported {
            what: other.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn doc() -> Value {
        json!({
            "security": [{"key": []}],
            "components": {"securitySchemes": {
                "key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
                "q": {"type": "apiKey", "in": "query", "name": "api_key"},
                "jwt": {"type": "http", "scheme": "Bearer"},
                "pw": {"type": "http", "scheme": "basic"},
                "cc": {"type": "oauth2", "flows": {"clientCredentials": {
                    "tokenUrl": "https://auth.example/token", "scopes": {"read": ""}}}},
                "code": {"type": "oauth2", "flows": {"authorizationCode": {}}},
                "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://x"},
                "mtls": {"type": "mutualTLS"}
            }}
        })
    }

    #[test]
    fn the_operation_wins_over_the_document_and_empty_means_none() {
        let d = doc();
        let global = requirements(&d, &json!({}));
        assert_eq!(global.len(), 1);
        assert_eq!(global[0][0].scheme, "key");
        assert_eq!(
            global[0][0].kind,
            SchemeKind::ApiKey {
                location: "header".into(),
                name: "X-Api-Key".into()
            }
        );
        assert_eq!(
            requirements(&d, &json!({"security": []})),
            Vec::<Requirement>::new()
        );
        let optional = requirements(&d, &json!({"security": [{}, {"jwt": []}]}));
        assert_eq!(optional[0], Vec::new());
        assert_eq!(optional[1][0].kind, SchemeKind::Bearer);
        assert_eq!(
            requirements(&json!({}), &json!({})),
            Vec::<Requirement>::new()
        );
    }

    #[test]
    fn each_scheme_kind() {
        let d = doc();
        let r = requirements(
            &d,
            &json!({"security": [{"q": [], "pw": [], "cc": ["read"], "code": [], "oidc": [], "mtls": [], "nope": []}]}),
        );
        let kinds: Vec<(&str, &SchemeKind, &[String])> = r[0]
            .iter()
            .map(|u| (u.scheme.as_str(), &u.kind, u.scopes.as_slice()))
            .collect();
        assert_eq!(
            kinds,
            [
                (
                    "q",
                    &SchemeKind::ApiKey {
                        location: "query".into(),
                        name: "api_key".into()
                    },
                    &[][..]
                ),
                ("pw", &SchemeKind::Basic, &[][..]),
                (
                    "cc",
                    &SchemeKind::ClientCredentials {
                        token_url: "https://auth.example/token".into()
                    },
                    &["read".to_string()][..]
                ),
                (
                    "code",
                    &SchemeKind::AccessToken {
                        what: "oauth2 (authorizationCode)".into()
                    },
                    &[][..]
                ),
                (
                    "oidc",
                    &SchemeKind::AccessToken {
                        what: "openIdConnect".into()
                    },
                    &[][..]
                ),
                (
                    "mtls",
                    &SchemeKind::Unsupported {
                        what: "mutualTLS".into()
                    },
                    &[][..]
                ),
                (
                    "nope",
                    &SchemeKind::Unsupported {
                        what: "a scheme components.securitySchemes does not define".into()
                    },
                    &[][..]
                ),
            ]
        );
    }
}
