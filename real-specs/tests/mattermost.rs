//! The Mattermost tool set against `mattermost-v4.json`: the set is pinned by name and
//! operation, every schema is valid and closed, each write declares what it does to what it
//! does not send, and requests carry exactly what the agent gave.
#![cfg_attr(not(real_specs), allow(unused))]

#[cfg(not(real_specs))]
#[test]
#[ignore = "not run: CATALOG_SPECS_DIR is not set, so the Mattermost tools are not built (.ci/run sets it to ../shared/specs)"]
fn mattermost_tools() {
    panic!(
        "CATALOG_SPECS_DIR is not set, so the Mattermost tools are not built (.ci/run sets it to ../shared/specs)"
    );
}

#[cfg(real_specs)]
mod real {
    use catalog::Tool;
    use catalog::effects::Semantics;
    use catalog::executor::{Executor, ExecutorConfig};
    use catalog::mcp::McpServer;
    use catalog_real_specs::mattermost::{self as m, catalog};
    use serde_json::{Value, json};

    fn request<T: Tool>(args: Value) -> http::Request<Vec<u8>> {
        T::from_arguments(args).unwrap().to_request().unwrap()
    }

    fn json_body(req: &http::Request<Vec<u8>>) -> Value {
        serde_json::from_slice(req.body()).unwrap()
    }

    #[test]
    fn the_mattermost_set_is_pinned() {
        let got: Vec<String> = catalog()
            .tools()
            .map(|t| format!("{} {}", t.name, t.operation.key()))
            .collect();
        let want = [
            "create_post POST /api/v4/posts",
            "get_post GET /api/v4/posts/{post_id}",
            "get_posts_for_channel GET /api/v4/channels/{channel_id}/posts",
            "get_post_thread GET /api/v4/posts/{post_id}/thread",
            "patch_post PUT /api/v4/posts/{post_id}/patch",
            "delete_post DELETE /api/v4/posts/{post_id}",
            "search_posts POST /api/v4/teams/{team_id}/posts/search",
            "get_channel GET /api/v4/channels/{channel_id}",
            "get_channel_by_name GET /api/v4/teams/name/{team_name}/channels/name/{channel_name}",
            "list_public_channels GET /api/v4/teams/{team_id}/channels",
            "search_channels POST /api/v4/teams/{team_id}/channels/search",
            "patch_channel PUT /api/v4/channels/{channel_id}/patch",
            "update_channel PUT /api/v4/channels/{channel_id}",
            "get_user GET /api/v4/users/{user_id}",
            "get_user_by_username GET /api/v4/users/username/{username}",
            "get_users_by_ids POST /api/v4/users/ids",
            "autocomplete_users GET /api/v4/users/autocomplete",
            "get_team_by_name GET /api/v4/teams/name/{name}",
            "list_teams GET /api/v4/teams",
            "upload_file POST /api/v4/files",
            "get_file_info GET /api/v4/files/{file_id}/info",
            "get_file_link GET /api/v4/files/{file_id}/link",
            "save_reaction POST /api/v4/reactions",
            "get_reactions GET /api/v4/posts/{post_id}/reactions",
            "delete_reaction DELETE /api/v4/users/{user_id}/posts/{post_id}/reactions/{emoji_name}",
            // The composites (docs/composite-tools.md): each under its own key.
            "post_to_channel_by_name POST composite:post_to_channel_by_name",
            "read_channel GET composite:read_channel",
            "upload_and_post POST composite:upload_and_post",
            "update_channel_header PUT composite:update_channel_header",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn every_mattermost_schema_is_valid_2020_12_and_closed() {
        for t in catalog().tools() {
            jsonschema::draft202012::meta::validate(t.input_schema)
                .unwrap_or_else(|e| panic!("{}: {e}", t.name));
            assert_eq!(t.input_schema["additionalProperties"], false, "{}", t.name);
            assert!(!t.input_schema_json.contains("$ref"), "{}", t.name);
        }
    }

    /// The writes, with whether each may destroy data: the patches merge (what they do not send
    /// is kept), the full-replace update and the deletes destroy.
    #[test]
    fn each_write_says_what_it_does_to_what_it_does_not_send() {
        let writes: Vec<(&str, bool, Option<Semantics>)> = catalog()
            .tools()
            .filter(|t| !t.hints().read_only)
            .map(|t| (t.name, t.hints().destructive, t.hints().semantics))
            .collect();
        assert_eq!(
            writes,
            [
                ("create_post", false, None),
                ("patch_post", false, Some(Semantics::Merge)),
                ("delete_post", true, None),
                ("patch_channel", false, Some(Semantics::Merge)),
                ("update_channel", true, Some(Semantics::FullReplace)),
                ("upload_file", false, None),
                ("save_reaction", false, None),
                ("delete_reaction", true, None),
                // A composite takes the strongest effect of the operations it uses.
                ("post_to_channel_by_name", false, None),
                ("upload_and_post", false, None),
                // Read-modify-write: destructive as its PUT is, but it keeps what it does not
                // set, so it claims no full replace.
                ("update_channel_header", true, None),
            ]
        );
        // The POSTs that only read say so, and are served while writes are off.
        for name in ["search_posts", "search_channels", "get_users_by_ids"] {
            let t = catalog().get(name).unwrap();
            assert_eq!(t.operation.method, "POST");
            assert!(t.hints().read_only, "{name}");
            assert!(
                t.effects.reason.unwrap().contains("it changes nothing"),
                "{name}"
            );
        }
    }

    #[test]
    fn patch_channel_sends_only_the_header_keeping_every_other_field() {
        let req = request::<m::PatchChannel>(json!({"channel_id": "c1", "header": "On call: ana"}));
        assert_eq!(
            (req.method().as_str(), req.uri().to_string()),
            ("PUT", "/api/v4/channels/c1/patch".to_string())
        );
        assert_eq!(json_body(&req), json!({"header": "On call: ana"}));
        let description = catalog().get("patch_channel").unwrap().description;
        assert!(
            !description.contains("full replace"),
            "a merge is not described as a full replace: {description}"
        );
    }

    #[test]
    fn a_composite_describes_what_its_bindings_leave_out() {
        let read = catalog().get("read_channel").unwrap().description;
        for field in ["since", "before", "after"] {
            assert!(
                read.contains(&format!(
                    "- `get_posts_for_channel`: `{field}` is never sent: "
                )),
                "{read}"
            );
        }
        // `page` and `per_page` are the agent's own arguments, passed on: not listed.
        assert!(!read.contains("`page`"), "{read}");
        let post = catalog()
            .get("post_to_channel_by_name")
            .unwrap()
            .description;
        assert!(
            post.contains("- `create_post`: `reply_to` is never sent: a post made here starts"),
            "{post}"
        );
    }

    // An API answering every request 200 with `body`, on a thread; its address and the request
    // lines it saw.
    fn api(body: &'static str) -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                let _ = reader.read_line(&mut line);
                log.lock().unwrap().push(line.trim_end().to_string());
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
                        break;
                    }
                }
                let mut stream = stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        (url, seen)
    }

    #[test]
    fn read_channel_runs_as_it_declares_without_time_filters() {
        let (url, seen) = api(r#"{"id": "c1", "order": [], "posts": {}}"#);
        let config = ExecutorConfig::new(&url).credential(
            "bearerAuth",
            catalog::credentials::Credential::Secret("t".into()),
        );
        let executor = Executor::new(config).unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let args = json!({"team_name": "ops", "channel_name": "town-square", "per_page": 5});
        let value = runtime
            .block_on(catalog().run_until(&executor, "read_channel", args, deadline))
            .unwrap();
        assert_eq!(value["posts"], json!([]));
        let seen = seen.lock().unwrap().clone();
        assert_eq!(
            seen,
            [
                "GET /api/v4/teams/name/ops/channels/name/town-square HTTP/1.1",
                "GET /api/v4/channels/c1/posts?per_page=5 HTTP/1.1"
            ]
        );
    }

    #[test]
    fn a_channel_is_found_by_team_and_channel_name_in_the_path() {
        let req = request::<m::GetChannelByName>(
            json!({"team_name": "ops", "channel_name": "town-square"}),
        );
        assert_eq!(
            req.uri().to_string(),
            "/api/v4/teams/name/ops/channels/name/town-square"
        );
        let e = m::GetChannelByName::from_arguments(
            json!({"team_name": "ops", "channel_name": "x", "include_deleted": true}),
        )
        .map(|_| ())
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("archived channels are out of an agent's view"),
            "{e}"
        );
    }

    #[test]
    fn a_thread_is_paged_by_its_camel_case_parameters() {
        let req = request::<m::GetPostThread>(
            json!({"post_id": "p1", "perPage": 20, "fromPost": "p9", "direction": "down"}),
        );
        assert_eq!(
            req.uri().to_string(),
            "/api/v4/posts/p1/thread?perPage=20&fromPost=p9&direction=down"
        );
    }

    #[test]
    fn upload_file_sends_a_multipart_form_with_the_file_and_the_channel() {
        let req = request::<m::UploadFile>(json!({
            "files": {"content_base64": "aGVsbG8=", "filename": "hello.txt", "media_type": "text/plain"},
            "channel_id": "c1",
        }));
        assert_eq!(req.uri().to_string(), "/api/v4/files");
        let content_type = req.headers()[http::header::CONTENT_TYPE].to_str().unwrap();
        assert!(
            content_type.starts_with("multipart/form-data; boundary="),
            "{content_type}"
        );
        let body = String::from_utf8_lossy(req.body());
        assert!(
            body.contains("name=\"files\"; filename=\"hello.txt\"")
                && body.contains("\r\n\r\nhello\r\n")
                && body.contains("name=\"channel_id\"\r\n\r\nc1\r\n"),
            "{body}"
        );
    }

    #[test]
    fn save_reaction_sends_the_three_fields_and_no_timestamp() {
        let req = request::<m::SaveReaction>(
            json!({"user_id": "u1", "post_id": "p1", "emoji_name": "thumbsup"}),
        );
        assert_eq!(
            json_body(&req),
            json!({"user_id": "u1", "post_id": "p1", "emoji_name": "thumbsup"})
        );
        let e = m::SaveReaction::from_arguments(json!({"create_at": 1}))
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains("must not backdate it"), "{e}");
    }

    #[test]
    fn each_composite_advertises_the_output_it_answers() {
        let catalog = catalog();
        let schema = |name: &str| {
            catalog
                .get(name)
                .and_then(|t| t.output_schema)
                .unwrap_or_else(|| panic!("{name} has no outputSchema"))
        };
        // A composite that answers a binding's answer has the binding's schema.
        for (composite, binding) in [
            ("post_to_channel_by_name", "create_post"),
            ("update_channel_header", "update_channel"),
        ] {
            assert_eq!(
                schema(composite).schema(),
                schema(binding).schema(),
                "{composite}"
            );
        }
        let upload = schema("upload_and_post").schema();
        assert_eq!(
            upload,
            &<m::CreatePostWithFiles as catalog::CompositeOutput>::schema()
        );
        // `read_channel`: the channel, the posts and their authors, each the bindings' schema.
        let read = schema("read_channel");
        let properties = &read.schema()["properties"];
        assert_eq!(
            &properties["channel"],
            schema("get_channel_by_name").schema()
        );
        assert_eq!(&properties["posts"]["items"], schema("get_post").schema());
        assert_eq!(
            properties["authors"],
            schema("get_users_by_ids").schema()["properties"]["items"]
        );
        assert_eq!(
            read.schema()["required"],
            json!(["channel", "posts", "authors"])
        );
        // A value `run` builds validates; one missing its authors does not.
        let value = json!({
            "channel": {"id": "c1", "name": "town-square", "header": "On call: ana"},
            "posts": [{"id": "p1", "channel_id": "c1", "user_id": "u1", "message": "hi", "create_at": 1}],
            "authors": [{"id": "u1", "username": "ana"}]
        });
        assert_eq!(read.errors(&value), Ok(None));
        let missing = json!({"channel": {"id": "c1"}, "posts": []});
        assert!(
            matches!(read.errors(&missing), Ok(Some(e)) if e.contains("authors")),
            "{:?}",
            read.errors(&missing)
        );
    }

    #[test]
    fn the_tool_list_fits_a_models_context() {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        let budget = McpServer::new(catalog(), executor).budget();
        eprintln!("{budget}");
        assert_eq!(budget.tools.len(), 29);
        assert!(budget.total_bytes() < 80_000, "{budget}");
    }
}
