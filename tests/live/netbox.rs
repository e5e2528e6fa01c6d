//! The NetBox tools against a live NetBox: every tool called through `Catalog::call`, with the
//! recorder attached, and what comes back compared with the fixed data set of
//! `tests/live/netbox-fixture.json`.
//!
//! Needs a server: `.ci/live/netbox.sh start && .ci/live/netbox.sh seed`, then
//! `set -a; . target/live/netbox.env; set +a` and
//! `CATALOG_SPECS_DIR=../shared/specs cargo test -p catalog-real-specs --test live_netbox -- --ignored`.
//! `cargo test --workspace` leaves this target out (`test = false`: it needs a server); named
//! without `--ignored` its test is reported as ignored, never as passed; with it and without
//! `CATALOG_LIVE_NETBOX`, it fails and says how to start the server.
//!
//! A tool joins by name: add it to [`catalog`] and its cases to [`cases`]. A tool in the catalog
//! without a case fails the run, so every tool is called.
#![cfg_attr(not(real_specs), allow(unused))]

#[cfg(not(real_specs))]
#[test]
#[ignore = "needs the real-spec tools (CATALOG_SPECS_DIR) and a live NetBox (.ci/live/netbox.sh start)"]
fn live_netbox() {
    panic!("CATALOG_SPECS_DIR was not set at build time: the NetBox tools are not compiled");
}

#[cfg(real_specs)]
mod generate;

#[cfg(real_specs)]
mod live {
    use super::generate::Generator;
    use catalog::coverage::{VersionMismatch, VersionWarning};
    use catalog::credentials::Credential;
    use catalog::executor::{ApiResponse, Executor, ExecutorConfig};
    use catalog::index::Index;
    use catalog::{Catalog, Tool};
    use catalog_real_specs::netbox as n;
    use serde_json::{Value, json};
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    const ENV_URL: &str = "CATALOG_LIVE_NETBOX";
    const ENV_TOKEN: &str = "CATALOG_LIVE_NETBOX_TOKEN";

    /// The tools under test.
    fn catalog() -> Catalog {
        Catalog::new().tool::<n::ListDevices>()
    }

    /// A device of the fixed data set.
    #[derive(Clone, Debug, serde::Deserialize)]
    struct Device {
        name: String,
        site: String,
        rack: Option<String>,
        role: String,
        tenant: Option<String>,
        status: String,
        serial: String,
    }

    impl Device {
        /// A field as a JSON value, by name (`null` for an absent rack or tenant).
        fn field(&self, name: &str) -> Value {
            match name {
                "name" => json!(self.name),
                "site" => json!(self.site),
                "rack" => json!(self.rack),
                "role" => json!(self.role),
                "tenant" => json!(self.tenant),
                "status" => json!(self.status),
                "serial" => json!(self.serial),
                other => panic!("a fixture device has no field `{other}`"),
            }
        }
    }

    #[derive(Debug, serde::Deserialize)]
    struct Fixture {
        devices: Vec<Device>,
    }

    /// The fixed data set, and the ids the server gave it (read once, through the tools).
    struct World {
        fixture: Fixture,
        /// The server's device objects by name.
        served: BTreeMap<String, Value>,
    }

    impl World {
        fn sites(&self) -> Vec<String> {
            let sites: BTreeSet<_> = self
                .fixture
                .devices
                .iter()
                .map(|d| d.site.clone())
                .collect();
            sites.into_iter().collect()
        }

        /// The names of the fixture's devices that `keep` selects.
        fn devices(&self, keep: impl Fn(&Device) -> bool) -> Vec<String> {
            self.fixture
                .devices
                .iter()
                .filter(|d| keep(d))
                .map(|d| d.name.clone())
                .collect()
        }

        /// The id of the object at `field` (`site`, `rack`, `tenant`, `role`) of a fixture device
        /// that has one, as the server reports it.
        fn id_of(&self, field: &str, keep: impl Fn(&Device) -> bool) -> i64 {
            let device = self
                .fixture
                .devices
                .iter()
                .find(|d| keep(d))
                .unwrap_or_else(|| panic!("no fixture device selects a {field}"));
            self.served[&device.name][field]["id"]
                .as_i64()
                .unwrap_or_else(|| panic!("the server's {} has no {field} id", device.name))
        }
    }

    /// What a call must return.
    enum Expect {
        /// Exactly these objects (by `key`), in any order.
        Exactly {
            key: &'static str,
            values: Vec<String>,
        },
        /// Exactly these objects (by `key`), in this order.
        InOrder {
            key: &'static str,
            values: Vec<String>,
        },
        /// A page: `count` in all, `len` on this page.
        Page { count: usize, len: usize },
    }

    struct Case {
        tool: &'static str,
        what: &'static str,
        args: fn(&World) -> Value,
        expect: fn(&World) -> Expect,
    }

    /// The cases, by tool. Each device-list case is scoped to the fixture's sites, so that other
    /// objects on the server cannot change its answer.
    fn cases() -> Vec<Case> {
        let devices = n::ListDevices::NAME;
        vec![
            Case {
                tool: devices,
                what: "the null filter returns exactly the devices without a tenant",
                args: |w| json!({"site": w.sites(), "tenant_id": [null]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.tenant.is_none()),
                },
            },
            Case {
                tool: devices,
                what: "null and an id together return the devices without a tenant and that tenant's",
                args: |w| {
                    let acme = w.id_of("tenant", |d| d.tenant.is_some());
                    json!({"site": w.sites(), "tenant_id": [null, acme]})
                },
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|_| true),
                },
            },
            Case {
                tool: devices,
                what: "a site slug returns that site's devices",
                args: |_| json!({"site": ["live-site-a"]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.site == "live-site-a"),
                },
            },
            Case {
                tool: devices,
                what: "a site id returns that site's devices",
                args: |w| json!({"site_id": [w.id_of("site", |d| d.site == "live-site-b")]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.site == "live-site-b"),
                },
            },
            Case {
                tool: devices,
                what: "a rack id returns the devices in that rack",
                args: |w| json!({"rack_id": [w.id_of("rack", |d| d.rack.as_deref() == Some("live-rack-a1"))]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.rack.as_deref() == Some("live-rack-a1")),
                },
            },
            Case {
                tool: devices,
                what: "a role id, typed as a string by the spec, is read as the id by the server",
                args: |w| json!({"role_id": [w.id_of("role", |d| d.role == "live-spine").to_string()]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.role == "live-spine"),
                },
            },
            Case {
                tool: devices,
                what: "two statuses return the devices in either",
                args: |w| json!({"site": w.sites(), "status": ["planned", "offline"]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.status == "planned" || d.status == "offline"),
                },
            },
            Case {
                tool: devices,
                what: "an exact serial returns its device",
                args: |_| json!({"serial": ["LIVE-SN-A2"]}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.serial == "LIVE-SN-A2"),
                },
            },
            Case {
                tool: devices,
                what: "the free-text q searches serials",
                args: |w| json!({"site": w.sites(), "q": "LIVE-SN-B"}),
                expect: |w| Expect::Exactly {
                    key: "name",
                    values: w.devices(|d| d.serial.starts_with("LIVE-SN-B")),
                },
            },
            Case {
                tool: devices,
                what: "ordering by -name returns the devices in reverse name order",
                args: |w| json!({"site": w.sites(), "ordering": "-name"}),
                expect: |w| {
                    let mut values = w.devices(|_| true);
                    values.sort();
                    values.reverse();
                    Expect::InOrder {
                        key: "name",
                        values,
                    }
                },
            },
            Case {
                tool: devices,
                what: "limit and offset return one page and the whole count",
                args: |w| json!({"site": w.sites(), "limit": 1, "offset": 1}),
                expect: |w| Expect::Page {
                    count: w.fixture.devices.len(),
                    len: 1,
                },
            },
        ]
    }

    fn fixture() -> Fixture {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/live/netbox-fixture.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn spec() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(env!("CATALOG_SPECS_DIR"))
            .join("netbox-4.6.8.json")
    }

    fn server() -> (String, String) {
        let how = "start one with `.ci/live/netbox.sh start && .ci/live/netbox.sh seed`, then \
                   `set -a; . target/live/netbox.env; set +a`";
        let url = std::env::var(ENV_URL).unwrap_or_else(|_| panic!("{ENV_URL} is not set: {how}"));
        let token =
            std::env::var(ENV_TOKEN).unwrap_or_else(|_| panic!("{ENV_TOKEN} is not set: {how}"));
        (url, token)
    }

    fn body(response: &ApiResponse) -> Value {
        let text = response.body_text().unwrap_or_default();
        serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("{} answered non-JSON ({e}): {text}", response.url))
    }

    fn keys(body: &Value, key: &str) -> Vec<String> {
        body["results"]
            .as_array()
            .unwrap_or_else(|| panic!("no `results` in {body}"))
            .iter()
            .map(|o| {
                o[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("no `{key}` in {o}"))
                    .to_string()
            })
            .collect()
    }

    /// Whether `body` is what `expect` says; the difference when it is not.
    fn compare(body: &Value, expect: &Expect) -> Result<(), String> {
        match expect {
            Expect::Exactly { key, values } => {
                let got: BTreeSet<_> = keys(body, key).into_iter().collect();
                let want: BTreeSet<_> = values.iter().cloned().collect();
                (got == want)
                    .then_some(())
                    .ok_or(format!("got {got:?}, want {want:?}"))
            }
            Expect::InOrder { key, values } => {
                let got = keys(body, key);
                (&got == values)
                    .then_some(())
                    .ok_or(format!("got {got:?}, want {values:?}"))
            }
            Expect::Page { count, len } => {
                let got_count = body["count"].as_u64().map(|c| c as usize);
                let got_len = body["results"].as_array().map(Vec::len);
                (got_count == Some(*count) && got_len == Some(*len))
                    .then_some(())
                    .ok_or(format!(
                        "got count {got_count:?} and {got_len:?} results, want {count} and {len}"
                    ))
            }
        }
    }

    /// The values the fixed data gives each parameter, for the generator.
    fn known_values(world: &World) -> BTreeMap<&'static str, Vec<Value>> {
        let mut known: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
        for (param, field) in [
            ("site", "site"),
            ("role", "role"),
            ("status", "status"),
            ("serial", "serial"),
            ("name", "name"),
        ] {
            known.insert(
                param,
                world
                    .fixture
                    .devices
                    .iter()
                    .map(|d| d.field(field))
                    .collect(),
            );
        }
        for (param, field) in [
            ("site_id", "site"),
            ("rack_id", "rack"),
            ("tenant_id", "tenant"),
            ("role_id", "role"),
        ] {
            let ids = world
                .served
                .values()
                .filter_map(|d| d[field]["id"].as_i64());
            let ids: Vec<Value> = if param == "role_id" {
                ids.map(|i| json!(i.to_string())).collect()
            } else {
                ids.map(|i| json!(i)).collect()
            };
            known.insert(param, ids);
        }
        known.insert(
            "id",
            world.served.values().map(|d| d["id"].clone()).collect(),
        );
        known.insert(
            "ordering",
            vec![json!("name"), json!("-name"), json!("serial")],
        );
        known
    }

    /// Generated calls per read-only tool.
    const GENERATED: usize = 60;

    /// Calls each read-only tool with arguments generated from its input schema: whatever the
    /// tool accepts, the server must accept (no 400). Writes are left out: generated writes would
    /// change the fixed data.
    async fn generated(catalog: &Catalog, executor: &Executor, world: &World, counts: &mut Counts) {
        let mut generator = Generator::new(0x5eed_0033, known_values(world));
        for tool in catalog.tools().filter(|t| t.read_only()) {
            for _ in 0..GENERATED {
                let args = generator.arguments(tool.input_schema);
                let response = match catalog.call(executor, tool.name, args.clone()).await {
                    Ok(r) => r,
                    Err(e) => {
                        // The arguments are valid for the schema the tool publishes.
                        counts.refused_by_tool += 1;
                        counts
                            .mismatches
                            .push(format!("{} {args}: refused by the tool: {e}", tool.name));
                        continue;
                    }
                };
                counts.generated += 1;
                if response.status.as_u16() == 400 {
                    counts.classify(tool.name, &args, &body(&response));
                } else if response.status.is_success() {
                    counts.generated_accepted += 1;
                } else {
                    counts
                        .mismatches
                        .push(format!("{} {args}: {}", tool.name, response.to_text()));
                }
            }
        }
    }

    /// Filters whose values name objects on the server, by slug or id. NetBox refuses a value
    /// that names none ("Select a valid choice"); which objects exist is data, not schema, so
    /// such a refusal of a generated value is an unknown reference, not a false positive.
    const REFERENCE_FILTERS: &[&str] = &[
        "site",
        "site_id",
        "role",
        "tag",
        "tag_id",
        "tenant_id",
        "rack_id",
        "manufacturer",
        "device_type",
        "model",
        "platform",
        "location",
        "region",
        "site_group",
    ];

    /// The false positives the generated calls find, by parameter and the start of NetBox's
    /// message, and why: the tool accepts what the spec allows, and there the spec is wrong or
    /// silent. A refusal not listed fails the run, and so does an entry no call finds.
    const KNOWN_FALSE_POSITIVES: &[(&str, &str, &str)] = &[
        (
            "role_id",
            "is not a valid value",
            "the spec types role_id as strings; the server reads integer ids only",
        ),
        (
            "mac_address",
            "Invalid MAC address format",
            "the spec gives the MAC address filter no format",
        ),
        (
            "status",
            "Select a valid choice",
            "the spec gives the status filter no enum (only x-spec-enum-id); the server reads its own choices only",
        ),
    ];

    /// Response fields whose value on the live server does not match the 4.6.8 spec, and why.
    const KNOWN_RESPONSE_DRIFT: &[(&str, &str)] = &[
        (
            "face: null is not of type \"object\"",
            "a device without a rack face is answered with null; the spec's `face` is not nullable",
        ),
        (
            "airflow: null is not of type \"object\"",
            "a device without an airflow is answered with null; the spec's `airflow` is not nullable",
        ),
    ];

    /// The fields a recorder's response problem names (`at `$.results[0].face`: null is not ...`),
    /// without their position.
    fn mismatched_fields(problem: &str) -> Vec<String> {
        problem
            .split("at `$.")
            .skip(1)
            .map(|part| {
                let part = part
                    .split("; and ")
                    .next()
                    .unwrap_or(part)
                    .trim_end_matches("; ");
                let (path, message) = part.split_once("`: ").unwrap_or((part, ""));
                let field = path.rsplit('.').next().unwrap_or(path);
                format!("{field}: {message}")
            })
            .collect()
    }

    #[derive(Default, Debug)]
    struct Counts {
        calls: usize,
        accepted: usize,
        matching: usize,
        generated: usize,
        generated_accepted: usize,
        refused_by_tool: usize,
        /// Generated calls refused only because a value names no object.
        unknown_references: usize,
        /// Generated calls refused for another reason, by known entry (index) or unknown text.
        refusals: BTreeMap<String, usize>,
        false_positives: Vec<String>,
        mismatches: Vec<String>,
    }

    /// The server's `/api/status/`, read without a tool (no tool wraps it).
    async fn status(url: &str, token: &str) -> Value {
        let config = ExecutorConfig::new(url).auth_header("Authorization", token);
        let executor = Executor::new(config).expect("executor");
        let request = http::Request::get("/api/status/")
            .body(Vec::new())
            .expect("request");
        let response = executor.execute(request).await.expect("/api/status/");
        assert!(
            response.status.is_success(),
            "/api/status/: {}",
            response.to_text()
        );
        body(&response)
    }

    impl Counts {
        /// Sorts a 400 to a generated call: NetBox answers `{"<parameter>": ["<message>", ...]}`.
        fn classify(&mut self, tool: &str, args: &Value, body: &Value) {
            let Some(fields) = body.as_object() else {
                self.false_positives.push(format!("{tool} {args}: {body}"));
                return;
            };
            let mut only_references = true;
            for (param, messages) in fields {
                for message in messages
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    let reference = REFERENCE_FILTERS.contains(&param.as_str())
                        && message.starts_with("Select a valid choice");
                    if reference {
                        continue;
                    }
                    only_references = false;
                    let key = KNOWN_FALSE_POSITIVES
                        .iter()
                        .find(|(p, m, _)| p == param && message.contains(m))
                        .map(|(p, m, _)| format!("{p}: {m}"))
                        .unwrap_or_else(|| {
                            format!("{param}: {message} (not listed; {tool} {args})")
                        });
                    *self.refusals.entry(key).or_default() += 1;
                }
            }
            if only_references {
                self.unknown_references += 1;
            }
        }
    }

    /// Reads the fixture devices' server objects through the device tool.
    async fn resolve(catalog: &Catalog, executor: &Executor, fixture: Fixture) -> World {
        let names: Vec<_> = fixture.devices.iter().map(|d| d.name.clone()).collect();
        let response = catalog
            .call(executor, n::ListDevices::NAME, json!({"name": names}))
            .await
            .unwrap_or_else(|e| panic!("reading the fixture devices: {e}"));
        assert!(
            response.status.is_success(),
            "reading the fixture devices: {}",
            response.to_text()
        );
        let served: BTreeMap<_, _> = body(&response)["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|d| (d["name"].as_str().expect("name").to_string(), d.clone()))
            .collect();
        let missing: Vec<_> = names.iter().filter(|n| !served.contains_key(*n)).collect();
        assert!(
            missing.is_empty(),
            "not on the server: {missing:?}; run .ci/live/netbox.sh seed"
        );
        World { fixture, served }
    }

    async fn run(catalog: &Catalog, executor: &Executor, world: &World) -> Counts {
        let mut counts = Counts::default();
        for case in cases() {
            let args = (case.args)(world);
            counts.calls += 1;
            let response = match catalog.call(executor, case.tool, args.clone()).await {
                Ok(r) => r,
                Err(e) => {
                    counts.mismatches.push(format!(
                        "{} {}: refused by the tool: {e}",
                        case.tool, case.what
                    ));
                    continue;
                }
            };
            if response.status.as_u16() == 400 {
                counts.false_positives.push(format!(
                    "{} {args}: {}",
                    case.tool,
                    response.to_text()
                ));
                continue;
            }
            if !response.status.is_success() {
                counts.mismatches.push(format!(
                    "{} {}: {}",
                    case.tool,
                    case.what,
                    response.to_text()
                ));
                continue;
            }
            counts.accepted += 1;
            match compare(&body(&response), &(case.expect)(world)) {
                Ok(()) => counts.matching += 1,
                Err(diff) => counts
                    .mismatches
                    .push(format!("{} {} ({args}): {diff}", case.tool, case.what)),
            }
        }
        counts
    }

    #[test]
    #[ignore = "needs a live NetBox: .ci/live/netbox.sh start && .ci/live/netbox.sh seed, then CATALOG_LIVE_NETBOX and CATALOG_LIVE_NETBOX_TOKEN from target/live/netbox.env"]
    fn the_netbox_tools_on_a_live_netbox() {
        let (url, token) = server();
        let catalog = catalog();
        let index = Index::load(&spec()).expect("the spec the tools were built from");
        let recorder = Arc::new(catalog.recorder(&index));
        let config = ExecutorConfig::new(url.clone())
            .credential("tokenAuth", Credential::Secret(token.clone()));
        let executor = Executor::new(config)
            .expect("executor")
            .with_recorder(recorder.clone());
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");

        let uncovered: Vec<_> = catalog
            .tools()
            .map(|t| t.name)
            .filter(|t| !cases().iter().any(|c| c.tool == *t))
            .collect();
        assert!(
            uncovered.is_empty(),
            "tools without a live case: {uncovered:?}"
        );

        // The start-up version check: the tools were built against 4.6.8, the server runs another.
        let status = runtime.block_on(status(&url, &token));
        let live = status["netbox-version"]
            .as_str()
            .expect("netbox-version")
            .to_string();
        let warnings = catalog.check_spec_version(&status, "netbox-version");
        for w in &warnings {
            println!("version check: {w}");
        }
        assert_eq!(
            warnings,
            vec![VersionWarning::Mismatch(VersionMismatch {
                title: n::ListDevices::operation().spec.title.clone(),
                built: "4.6.8".into(),
                reported: live.clone(),
            })],
            "the server runs {live}; the version check must say so once"
        );

        let counts = runtime.block_on(async {
            let world = resolve(&catalog, &executor, fixture()).await;
            let mut counts = run(&catalog, &executor, &world).await;
            generated(&catalog, &executor, &world, &mut counts).await;
            counts
        });
        let tools: BTreeSet<_> = cases().iter().map(|c| c.tool).collect();
        println!(
            "live netbox: {} tools called; {} cases, {} accepted, {} results matching the fixed data; \
             {} generated calls sent, {} accepted, {} refused for an unknown reference only ({} \
             refused by the tool before sending); {} false positives in the cases",
            tools.len(),
            counts.calls,
            counts.accepted,
            counts.matching,
            counts.generated,
            counts.generated_accepted,
            counts.unknown_references,
            counts.refused_by_tool,
            counts.false_positives.len()
        );
        for (p, m, why) in KNOWN_FALSE_POSITIVES {
            let n = counts
                .refusals
                .get(&format!("{p}: {m}"))
                .copied()
                .unwrap_or(0);
            println!("known false positive: {p} \"{m}\" x{n}: {why}");
        }
        for (tool, calls) in recorder.summary().calls {
            println!("recorded: {tool} -> {} x{}", calls.operation, calls.calls);
        }
        assert_eq!(
            counts.false_positives,
            Vec::<String>::new(),
            "the tool accepted what the server refused"
        );
        assert_eq!(
            counts.mismatches,
            Vec::<String>::new(),
            "results that differ from the fixed data"
        );
        assert_eq!(counts.matching, counts.calls);
        assert!(
            counts.generated_accepted > 0,
            "no generated call was accepted"
        );
        let found: BTreeSet<_> = counts.refusals.keys().cloned().collect();
        let known: BTreeSet<_> = KNOWN_FALSE_POSITIVES
            .iter()
            .map(|(p, m, _)| format!("{p}: {m}"))
            .collect();
        assert_eq!(
            found, known,
            "the false positives found differ from KNOWN_FALSE_POSITIVES"
        );
        recorder.assert_no_undeclared();
        // The spec documents only 200 for these operations; the generated calls' 400s are counted
        // above, and any other mismatch (a 200 body that is not what the spec says) fails.
        let mut fields = BTreeSet::new();
        for m in recorder
            .response_mismatches()
            .into_iter()
            .filter(|m| m.status != 400)
        {
            fields.extend(mismatched_fields(&m.problem));
        }
        for field in &fields {
            println!("response drift: {field}");
        }
        let known: BTreeSet<String> = KNOWN_RESPONSE_DRIFT
            .iter()
            .map(|(f, _)| f.to_string())
            .collect();
        assert_eq!(
            fields, known,
            "the response fields that differ from the spec differ from KNOWN_RESPONSE_DRIFT"
        );
    }
}
