//! The form encoder, read back by an independent bracket parser (Rack's `parse_nested_query`
//! and `qs.parse` read the same way: the whole key percent-decoded, the name before the first
//! `[`, then one level per `[...]`, numeric levels as array indices).

use super::super::tests::{op, param, set};
use crate::wire::encode::{ArgValue, RequestErrorKind, build_request};
use catalog_core::model::Operation;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

const FORM: &str = "application/x-www-form-urlencoded";

fn form_op(rows: Vec<Value>) -> Operation {
    form_op_at("/f", rows)
}

fn form_op_at(path: &str, rows: Vec<Value>) -> Operation {
    op(
        "POST",
        path,
        rows,
        Some(json!({"media_type": FORM, "kind": "form", "pointer": "#/b"})),
    )
}

fn body(o: &Operation, args: &[(&str, Value)]) -> String {
    let args: Vec<(&str, ArgValue)> = args
        .iter()
        .map(|(k, v)| (*k, ArgValue::from(v.clone())))
        .collect();
    let r = build_request(o, &args).unwrap();
    String::from_utf8(r.into_body()).unwrap()
}

/// The body read back as a bracket parser reads it: a repeated plain key collects its values
/// into an array (as `qs` does), and an object whose keys are `0..n` is an array.
pub(crate) fn decode(body: &str) -> Value {
    let mut root = Map::new();
    for (key, value) in url::form_urlencoded::parse(body.as_bytes()) {
        let (name, mut rest) = key.split_once('[').map_or((&*key, ""), |(n, r)| (n, r));
        let mut path = Vec::new();
        while let Some((seg, after)) = rest.split_once(']') {
            path.push(seg.to_string());
            rest = after.strip_prefix('[').unwrap_or(after);
        }
        insert(&mut root, name, &path, Value::String(value.into_owned()));
    }
    arrays(Value::Object(root))
}

fn insert(map: &mut Map<String, Value>, name: &str, path: &[String], value: Value) {
    match path.split_first() {
        None => match map.get_mut(name) {
            Some(Value::Array(items)) => items.push(value),
            Some(old) => *old = Value::Array(vec![old.take(), value]),
            None => {
                map.insert(name.to_string(), value);
            }
        },
        Some((first, rest)) => {
            let slot = map
                .entry(name.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(inner) = slot {
                insert(inner, first, rest, value);
            }
        }
    }
}

fn arrays(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let indexed = !m.is_empty() && (0..m.len()).all(|i| m.contains_key(&i.to_string()));
            if indexed {
                let mut m = m;
                Value::Array(
                    (0..m.len())
                        .map(|i| arrays(m.remove(&i.to_string()).unwrap_or_default()))
                        .collect(),
                )
            } else {
                Value::Object(m.into_iter().map(|(k, v)| (k, arrays(v))).collect())
            }
        }
        v => v,
    }
}

/// A value as a form carries it: every scalar as its text.
fn texts(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), texts(v))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(texts).collect()),
        Value::String(s) => Value::String(s.clone()),
        Value::Null => Value::String(String::new()),
        other => Value::String(other.to_string()),
    }
}

/// Stripe's `POST /v1/customers/{customer}` in small: `balance` and `coupon` Omitted,
/// `metadata` a map, `address` an object, `expand` an array with `deepObject` encoding.
fn customer_update() -> Operation {
    form_op_at(
        "/v1/customers/{customer}",
        vec![
            set("path", "customer", json!({"required": true})),
            set(
                "body",
                "address",
                json!({"schema": {"type": "object", "fields": [
                {"name": "line1", "schema": {"type": "string"}},
                {"name": "country", "schema": {"type": "string"}},
                {"name": "state", "schema": {"type": "string", "nullable": true}}]}}),
            ),
            json!({"param": param("body", "balance", json!({})), "disposition": "omitted",
               "reason": "credits are granted by a person"}),
            json!({"param": param("body", "confirm", json!({})), "disposition": "fixed",
               "value": false, "reason": "a person confirms the charge"}),
            json!({"param": param("body", "coupon", json!({})), "disposition": "omitted",
               "reason": "discounts are granted by a person"}),
            set(
                "body",
                "expand",
                json!({"style": "deepObject", "explode": true,
                   "schema": {"type": "array", "items": {"type": "string"}}}),
            ),
            set(
                "body",
                "metadata",
                json!({"schema": {"type": "object", "open": true}}),
            ),
        ],
    )
}

#[test]
fn a_map_argument_is_sent_under_its_own_name_and_cannot_set_another_field() {
    let o = customer_update();
    let sent = body(
        &o,
        &[
            ("customer", json!("cus_1")),
            (
                "metadata",
                json!({"balance": "-100000", "coupon": "FREE100", "confirm": "true"}),
            ),
        ],
    );
    assert_eq!(
        sent,
        "confirm=false&metadata[balance]=-100000&metadata[coupon]=FREE100&metadata[confirm]=true"
    );
    let read = decode(&sent);
    assert_eq!(read["confirm"], "false");
    assert_eq!(read.get("balance"), None);
    assert_eq!(read.get("coupon"), None);
}

#[test]
fn a_key_holding_delimiters_stays_one_key_under_its_argument() {
    let o = customer_update();
    let sent = body(
        &o,
        &[
            ("customer", json!("cus_1")),
            ("metadata", json!({"x]&confirm=true&y[": "1", "a=b": "c&d"})),
        ],
    );
    assert_eq!(
        sent,
        "confirm=false&metadata[x%5D%26confirm%3Dtrue%26y%5B]=1&metadata[a%3Db]=c%26d"
    );
    let read = decode(&sent);
    assert_eq!(read["confirm"], "false");
    let top: Vec<&String> = read.as_object().unwrap().keys().collect();
    assert_eq!(top, ["confirm", "metadata"]);
}

#[test]
fn objects_nest_in_brackets_and_deep_object_arrays_are_indexed() {
    let o = customer_update();
    let sent = body(
        &o,
        &[
            ("customer", json!("cus_1")),
            ("address", json!({"line1": "1 Main St", "country": "FR"})),
            ("expand", json!(["default_source", "tax_ids"])),
            ("metadata", json!({"crm_id": 42})),
        ],
    );
    assert_eq!(
        sent,
        "address[line1]=1%20Main%20St&address[country]=FR&confirm=false\
         &expand[0]=default_source&expand[1]=tax_ids&metadata[crm_id]=42"
    );
}

#[test]
fn arrays_of_objects_are_indexed_at_any_depth() {
    let o = form_op(vec![set("body", "items", json!({}))]);
    let sent = body(
        &o,
        &[(
            "items",
            json!([{"price": "p_1", "tax_rates": ["t1", "t2"], "data": {"k": {"deep": true}}}]),
        )],
    );
    assert_eq!(
        sent,
        "items[0][price]=p_1&items[0][tax_rates][0]=t1&items[0][tax_rates][1]=t2\
         &items[0][data][k][deep]=true"
    );
}

#[test]
fn top_level_arrays_of_scalars_follow_their_style() {
    let one = |style: Value| {
        let o = form_op(vec![set("body", "a", style)]);
        body(&o, &[("a", json!(["x y", 2]))])
    };
    assert_eq!(one(json!({})), "a=x%20y&a=2");
    assert_eq!(one(json!({"style": "form", "explode": false})), "a=x%20y,2");
    assert_eq!(one(json!({"style": "pipeDelimited"})), "a=x%20y|2");
    assert_eq!(
        one(json!({"style": "deepObject", "explode": true})),
        "a[0]=x%20y&a[1]=2"
    );
}

#[test]
fn an_unset_field_of_an_object_is_not_sent_and_a_nullable_null_is() {
    let o = customer_update();
    // What a struct with `Option` fields serializes to when only `line1` is set.
    let sent = body(
        &o,
        &[
            ("customer", json!("cus_1")),
            (
                "address",
                json!({"line1": "1 Main St", "country": null, "state": null}),
            ),
        ],
    );
    assert_eq!(
        sent,
        "address[line1]=1%20Main%20St&address[state]=&confirm=false"
    );
}

#[test]
fn an_empty_array_or_object_is_refused_with_why() {
    let o = customer_update();
    for (name, value, what) in [
        ("expand", json!([]), "array"),
        ("metadata", json!({}), "object"),
        ("address", json!({"line1": []}), "array"),
    ] {
        let e = build_request(&o, &[("customer", json!("c").into()), (name, value.into())])
            .unwrap_err();
        assert_eq!(e.kind(), RequestErrorKind::Shape);
        assert_eq!(
            e.to_string(),
            format!(
                "cannot build the request: body.{name}: an empty {what} has no form encoding: \
                 nothing would be sent and the API would keep its value; leave the argument out, \
                 or send \"\" where the schema allows it to clear the value"
            )
        );
    }
    // Not exploded, an empty array is the empty text.
    let o = form_op(vec![set(
        "body",
        "a",
        json!({"style": "form", "explode": false}),
    )]);
    assert_eq!(body(&o, &[("a", json!([]))]), "a=");
}

/// `anyOf [X, {type: string, enum: [""]}]`: Stripe's shape for a field it clears with `""`.
fn or_empty(schema: Value) -> Value {
    json!({"type": "anyOf", "arms": [schema, {"type": "string", "enum": [""]}]})
}

#[test]
fn an_empty_list_or_map_is_sent_as_the_empty_string_where_the_schema_clears_with_it() {
    // Stripe's `POST /v1/invoices/{invoice}` in small: `metadata` (`anyOf [object, ""]`),
    // `default_tax_rates` (`anyOf [array, ""]`), and the same inside an array of objects.
    let o = form_op(vec![
        set(
            "body",
            "metadata",
            json!({"schema": or_empty(json!({"type": "object", "open": true}))}),
        ),
        set(
            "body",
            "default_tax_rates",
            json!({"style": "deepObject", "explode": true,
                "schema": or_empty(json!({"type": "array", "items": {"type": "string"}}))}),
        ),
        set(
            "body",
            "lines",
            json!({"style": "deepObject", "explode": true, "schema": {"type": "array", "items":
                {"type": "object", "fields": [
                    {"name": "id", "schema": {"type": "string"}},
                    {"name": "tax_rates", "schema": or_empty(json!({"type": "array", "items": {"type": "string"}}))}]}}}),
        ),
    ]);
    let sent = body(
        &o,
        &[
            ("metadata", json!({})),
            ("default_tax_rates", json!([])),
            ("lines", json!([{"id": "il_1", "tax_rates": []}])),
        ],
    );
    assert_eq!(
        sent,
        "metadata=&default_tax_rates=&lines[0][id]=il_1&lines[0][tax_rates]="
    );
    // As an API reads it: each cleared field is the empty string.
    assert_eq!(
        decode(&sent),
        json!({"metadata": "", "default_tax_rates": "", "lines": [{"id": "il_1", "tax_rates": ""}]})
    );
    // The agent's own `""` goes out the same.
    assert_eq!(
        body(
            &o,
            &[("metadata", json!("")), ("default_tax_rates", json!(""))]
        ),
        "metadata=&default_tax_rates="
    );
}

#[test]
fn a_whole_form_body_object_is_sent_key_by_key() {
    let o = form_op(vec![set(
        "body",
        "",
        json!({"schema": {"type": "object", "open": true}}),
    )]);
    let sent = body(
        &o,
        &[(
            "",
            json!({"name": "a b", "tags": ["x", "y"], "meta": {"k": 1}, "none": null}),
        )],
    );
    assert_eq!(sent, "name=a%20b&tags=x&tags=y&meta[k]=1&none=");
    // An empty object is the empty body.
    assert_eq!(body(&o, &[("", json!({}))]), "");
    // A value that is not an object (its schema accepts any value) is refused when sent.
    let o = form_op(vec![set("body", "", json!({}))]);
    for (value, what) in [
        (json!(["a"]), "an array"),
        (json!("a"), "a scalar"),
        (json!(null), "null"),
    ] {
        let e = build_request(&o, &[("", value.into())]).unwrap_err();
        assert_eq!(e.kind(), RequestErrorKind::Shape);
        assert_eq!(
            e.to_string(),
            format!(
                "cannot build the request: body: a form body is a set of named fields: it must \
                 be an object, not {what}"
            )
        );
    }
}

/// Any JSON value with no empty array or object, keys with form delimiters and non-ASCII text
/// but no brackets (which bracket parsers read as nesting) and not all digits.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        "\\PC{0,6}".prop_map(Value::String),
        any::<i64>().prop_map(Value::from),
        any::<bool>().prop_map(Value::Bool),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zé日本 _.~&=%+#?/]{0,3}[a-zé日本]", inner, 1..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn any_nested_value_reads_back_as_sent(v in value()) {
        let o = form_op(vec![
            set("body", "data", json!({"style": "deepObject", "explode": true})),
            json!({"param": param("body", "confirm", json!({})), "disposition": "fixed",
                   "value": false, "reason": "a person confirms the charge"}),
        ]);
        let sent = body(&o, &[("data", v.clone())]);
        let read = decode(&sent);
        prop_assert_eq!(&read["data"], &texts(&v));
        prop_assert_eq!(&read["confirm"], "false");
        prop_assert_eq!(read.as_object().map(Map::len), Some(2));
    }
}
