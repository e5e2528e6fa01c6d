//! ErsatzTV and Mattermost tools against their real specs (NetBox's are in `netbox.rs`): the
//! covered set is pinned by name, every ErsatzTV operation is
//! wrapped, emitted schemas are valid 2020-12, and requests carry exactly what the accounting
//! says.
#![cfg_attr(not(real_specs), allow(unused))]

#[cfg(not(real_specs))]
#[test]
#[ignore = "not run: CATALOG_SPECS_DIR is not set, so the real-spec tools are not built (.ci/run sets it to ../shared/specs)"]
fn real_spec_tools() {
    panic!(
        "CATALOG_SPECS_DIR is not set, so the real-spec tools are not built (.ci/run sets it to ../shared/specs)"
    );
}

#[cfg(real_specs)]
mod real {
    use catalog::index::Index;
    use catalog::{
        Tool,
        model::{Disposition, Operation},
    };
    use catalog_real_specs::{ersatztv as e, mattermost as m};
    use serde_json::{Value, json};
    use std::path::PathBuf;

    struct Row {
        name: &'static str,
        op: &'static Operation,
        schema: &'static Value,
        description: &'static str,
    }

    fn row<T: Tool>() -> Row {
        Row {
            name: T::NAME,
            op: T::operation(),
            schema: T::input_schema(),
            description: T::DESCRIPTION,
        }
    }

    /// Every tool, as rows and as one catalog.
    macro_rules! tools {
        ($($t:ty),* $(,)?) => {
            fn all() -> Vec<Row> {
                vec![$(row::<$t>()),*]
            }

            fn catalog_of_all() -> catalog::Catalog {
                catalog::Catalog::new()$(.tool::<$t>())*
            }
        };
    }

    tools!(
        e::ListChannels,
        e::ResetChannelPlayout,
        e::GetFFmpegProfiles,
        e::CreateFFmpegProfile,
        e::UpdateFFmpegProfile,
        e::DeleteFFmpegProfile,
        e::ScanLibrary,
        e::ScanShow,
        e::GarbageCollect,
        e::EmptyTrash,
        e::GetResolutionByName,
        e::GetSessions,
        e::StopSession,
        e::GetSmartCollections,
        e::CreateSmartCollection,
        e::UpdateSmartCollection,
        e::DeleteSmartCollection,
        e::GetVersion,
        m::CreatePost,
        m::GetPostsForChannel,
        m::UpdateChannel,
        m::GetUsersByIds,
    );

    fn specs_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(std::env::var_os("CATALOG_SPECS_DIR").expect("CATALOG_SPECS_DIR"))
    }

    #[test]
    fn nothing_an_input_schema_offers_is_dropped_at_any_depth() {
        let report = catalog::dropped::probe(&catalog_of_all());
        assert!(report.dropped.is_empty(), "{report}");
        assert!(report.accepted_unexpectedly.is_empty(), "{report}");
        assert!(report.refused.is_empty(), "{report}");
        assert!(report.not_probed.is_empty(), "{report}");
        // Every plain string argument reaches the request; these tools take no nested object
        // (nothing closed or read-only to refuse below the top level).
        assert_eq!(
            report.carried,
            [
                "reset_channel_playout $.channelNumber",
                "get_resolution_by_name $.name",
                "stop_session $.channelNumber",
                "create_post $.channel_id",
                "create_post $.message",
                "create_post $.reply_to",
                "get_posts_for_channel $.channel_id",
                "get_posts_for_channel $.before",
                "get_posts_for_channel $.after",
                "update_channel $.channel_id",
                "update_channel $.id",
                "update_channel $.name",
                "update_channel $.display_name",
                "update_channel $.purpose",
                "update_channel $.header",
                "get_users_by_ids $.user_ids[0]",
            ],
            "{report}"
        );
        assert!(report.refused_as_expected.is_empty(), "{report}");
    }

    #[test]
    fn no_argument_key_sets_an_omitted_or_fixed_parameter() {
        let report = catalog::smuggling::probe(&catalog_of_all());
        assert!(report.smuggled.is_empty(), "{report}");
        assert!(report.not_probed.is_empty(), "{report}");
        // Every tool's request was built; none of these tools has an argument that takes an
        // object (the Stripe tools of `tests/stripe.rs` do), so there is nothing to compare.
        assert_eq!(
            (report.compared.len(), report.refused.len()),
            (0, 0),
            "{report}\ncompared: {:?}\nrefused: {:?}",
            report.compared,
            report.refused
        );
    }

    #[test]
    fn the_tool_set_is_pinned() {
        let got: Vec<String> = all()
            .iter()
            .map(|r| format!("{} {} {}", r.op.spec.stem, r.name, r.op.key()))
            .collect();
        let want = [
            "ersatztv-v1 list_channels GET /api/channels",
            "ersatztv-v1 reset_channel_playout POST /api/channels/{channelNumber}/playout/reset",
            "ersatztv-v1 list_ffmpeg_profiles GET /api/ffmpeg/profiles",
            "ersatztv-v1 create_ffmpeg_profile POST /api/ffmpeg/profiles/new",
            "ersatztv-v1 update_ffmpeg_profile PUT /api/ffmpeg/profiles/update",
            "ersatztv-v1 delete_ffmpeg_profile DELETE /api/ffmpeg/delete/{id}",
            "ersatztv-v1 scan_library POST /api/libraries/{id}/scan",
            "ersatztv-v1 scan_show POST /api/libraries/{id}/scan-show",
            "ersatztv-v1 garbage_collect GET /api/maintenance/gc",
            "ersatztv-v1 empty_trash POST /api/maintenance/empty_trash",
            "ersatztv-v1 get_resolution_by_name GET /api/ffmpeg/resolution/by-name/{name}",
            "ersatztv-v1 list_sessions GET /api/sessions",
            "ersatztv-v1 stop_session DELETE /api/session/{channelNumber}",
            "ersatztv-v1 list_smart_collections GET /api/collections/smart",
            "ersatztv-v1 create_smart_collection POST /api/collections/smart/new",
            "ersatztv-v1 update_smart_collection PUT /api/collections/smart/update",
            "ersatztv-v1 delete_smart_collection DELETE /api/collections/smart/delete/{id}",
            "ersatztv-v1 get_version GET /api/version",
            "mattermost-v4 create_post POST /api/v4/posts",
            "mattermost-v4 get_posts_for_channel GET /api/v4/channels/{channel_id}/posts",
            "mattermost-v4 update_channel PUT /api/v4/channels/{channel_id}",
            "mattermost-v4 get_users_by_ids POST /api/v4/users/ids",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn coverage_and_pinning_on_real_specs() {
        let tools: Vec<(&str, &Operation)> = all().iter().map(|r| (r.name, r.op)).collect();
        let ersatz = Index::load(&specs_dir().join("ersatztv-v1.json")).unwrap();
        let c = catalog::coverage::coverage(&ersatz, tools.iter().copied());
        assert_eq!(c.operations.len(), 18);
        assert!(c.unwrapped().is_empty(), "{c}");
        assert_eq!(
            c.foreign.len(),
            4,
            "the Mattermost tools are another spec's"
        );
        let mm = Index::load(&specs_dir().join("mattermost-v4.json")).unwrap();
        let c = catalog::coverage::coverage(&mm, tools.iter().copied());
        assert_eq!((c.wrapped(), c.operations.len()), (4, 420));
        catalog::coverage::assert_pinned(
            tools.iter().copied().filter(|(_, op)| op.spec.stem != "ersatztv-v1"),
            "create_post -> POST /api/v4/posts (CreatePost) [mattermost-v4]
             get_posts_for_channel -> GET /api/v4/channels/{channel_id}/posts (GetPostsForChannel) [mattermost-v4]
             get_users_by_ids -> POST /api/v4/users/ids (GetUsersByIds) [mattermost-v4]
             update_channel -> PUT /api/v4/channels/{channel_id} (UpdateChannel) [mattermost-v4]",
        );
    }

    #[test]
    fn every_ersatztv_operation_has_a_tool() {
        let index = Index::load(&specs_dir().join("ersatztv-v1.json")).unwrap();
        let mut spec: Vec<String> = index.operations.iter().map(Operation::key).collect();
        let mut tools: Vec<String> = all()
            .iter()
            .filter(|r| r.op.spec.stem == "ersatztv-v1")
            .map(|r| r.op.key())
            .collect();
        spec.sort();
        tools.sort();
        assert_eq!(spec.len(), 18);
        assert_eq!(tools, spec);
    }

    #[test]
    fn every_schema_is_valid_2020_12_and_closed() {
        for r in all() {
            jsonschema::draft202012::meta::validate(r.schema)
                .unwrap_or_else(|e| panic!("{}: {e}", r.name));
            assert_eq!(r.schema["type"], "object", "{}", r.name);
            assert_eq!(r.schema["additionalProperties"], false, "{}", r.name);
            assert!(!r.schema.to_string().contains("$ref"), "{}", r.name);
        }
    }

    #[test]
    fn full_replace_updates_tell_the_agent() {
        for r in all().iter().filter(|r| r.op.method == "PUT") {
            assert!(
                r.description
                    .contains("This is a full replace (PUT): every body field you leave out is written as empty."),
                "{}: {}",
                r.name,
                r.description
            );
        }
        // The ErsatzTV full replace sets every field: nothing it could silently clear.
        let update = e::UpdateFFmpegProfile::operation();
        assert!(
            update
                .accounting
                .iter()
                .all(|r| matches!(r.disposition, Disposition::Set { .. }))
        );
        assert_eq!(update.accounting.len(), 26);
    }

    #[test]
    fn create_post_sends_exactly_the_set_and_fixed_fields() {
        let t = m::CreatePost::from_arguments(json!({
            "channel_id": "c1", "message": "hello", "reply_to": "p0"
        }))
        .unwrap();
        let req = t.to_request().unwrap();
        assert_eq!(req.method(), "POST");
        assert_eq!(req.uri().to_string(), "/api/v4/posts?set_online=false");
        let body: Value = serde_json::from_slice(req.body()).unwrap();
        assert_eq!(
            body,
            json!({"channel_id": "c1", "message": "hello", "root_id": "p0"})
        );
    }

    #[test]
    fn omitted_arguments_are_refused_with_the_tools_reason() {
        let e = m::CreatePost::from_arguments(json!({
            "channel_id": "c1", "message": "hi", "file_ids": ["f"]
        }))
        .map(|_| ())
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("uploads need the file tool first; a post made here has no attachments"),
            "{e}"
        );
    }

    #[test]
    fn a_non_object_body_is_the_whole_body() {
        let t = m::GetUsersByIds::from_arguments(json!({"user_ids": ["a", "b"]})).unwrap();
        let req = t.to_request().unwrap();
        assert_eq!(req.uri().to_string(), "/api/v4/users/ids");
        assert_eq!(req.body().as_slice(), br#"["a","b"]"#);
    }

    #[test]
    fn the_ersatztv_smart_collection_update_is_a_full_body() {
        let t = e::UpdateSmartCollection::from_arguments(
            json!({"id": 3, "name": "Kids", "query": "genre:kids"}),
        )
        .unwrap();
        let req = t.to_request().unwrap();
        assert_eq!(req.method(), "PUT");
        let body: Value = serde_json::from_slice(req.body()).unwrap();
        assert_eq!(
            body,
            json!({"id": 3, "name": "Kids", "query": "genre:kids"})
        );
    }

    #[test]
    fn the_ffmpeg_profile_id_reads_as_one_word_and_is_sent_under_the_wire_name() {
        let schema = e::UpdateFFmpegProfile::input_schema();
        assert!(schema["properties"].get("ffmpegProfileId").is_some());
        assert!(schema["properties"].get("fFmpegProfileId").is_none());
        let tool = catalog_real_specs::ersatztv::catalog();
        let update = tool.get("update_ffmpeg_profile").unwrap();
        assert_eq!(update.operation.key(), "PUT /api/ffmpeg/profiles/update");
        assert!(
            update
                .operation
                .accounting
                .iter()
                .any(|r| r.param.address() == "body.fFmpegProfileId"
                    && matches!(&r.disposition, Disposition::Set { argument, .. } if argument == "ffmpegProfileId")),
        );
    }
}
