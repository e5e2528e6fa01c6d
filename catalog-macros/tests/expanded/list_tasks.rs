#[doc = " List the tasks of a board, a page at a time."]
#[doc = ""]
#[doc = "MCP tool name: `list_tasks`"]
#[doc = ""]
#[doc = "Output: the `200 application/json` response, as structured content, wrapped under `items`"]
#[doc = ""]
#[doc = "Wraps `GET /boards/{board_id}/tasks` (operation `ListTasks`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| query | `status` | array of string enum \\[todo, doing, done\\] | no | Set as `status` | Only tasks in these states |\n| query | `label` | array of string | no | Set as `label` | Only tasks carrying every one of these labels (comma-joined) |\n| query | `assignee` | string, nullable | no | Set as `assignee` | Only tasks assigned to this user |\n| query | `page` | integer (int32) | no | Set as `page` | Page number, from 1 |\n| query | `per_page` | integer (int32) | no | Set as `per_page` | Tasks per page |\n| header | `X-Request-Id` | string | no | Omitted | request ids correlate the server's own logs; an agent has none to correlate with |\n"]
pub struct ListTasks {
    #[doc = " The board, by its slug."]
    pub board_id: String,
    pub status: Option<Vec<TaskStatus>>,
    pub label: Option<Vec<String>>,
    #[doc = " Only tasks assigned to this user; `null` for unassigned tasks."]
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[allow(non_camel_case_types, dead_code)]
const _: () = {
    mod spec {
        pub struct query_parameter_status_of_ListTasks;
    }
    #[diagnostic::on_unimplemented(
        message = "`{E}::{Self}` is not a value the query parameter `status` of `ListTasks` allows",
        label = "`{Self}` is not an allowed value here",
        note = "it allows `todo`, `doing` and `done`: remove `{Self}` from `{E}` (or mark it `#[serde(skip)]`), or fix its `#[serde(rename)]`"
    )]
    pub trait query_parameter_status_of_ListTasks_allows<const KEY: u64, E: ?::core::marker::Sized>
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        query_parameter_status_of_ListTasks_allows<3440417990733136349u64, E> for V
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        query_parameter_status_of_ListTasks_allows<8498452662884257092u64, E> for V
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        query_parameter_status_of_ListTasks_allows<15875746582901911185u64, E> for V
    {
    }
    #[automatically_derived]
    impl<
        E: ?::core::marker::Sized,
        V: ?::core::marker::Sized + query_parameter_status_of_ListTasks_allows<KEY, E>,
        const KEY: u64,
    > ::catalog::__private_v1::markers::AllowsVariant<KEY, E, V>
        for spec::query_parameter_status_of_ListTasks
    {
    }
    #[diagnostic::on_unimplemented(
        message = "`TaskStatus` has no variant for `todo`, a value the query parameter `status` of `ListTasks` allows",
        label = "no variant for `todo`",
        note = "add to `TaskStatus`: #[serde(rename = \"todo\")] Todo,"
    )]
    trait has_variant_for_todo {}
    #[diagnostic::do_not_recommend]
    impl<
        T: ?::core::marker::Sized
            + ::catalog::__private_v1::markers::HasVariant<3440417990733136349u64>,
    > has_variant_for_todo for T
    {
    }
    #[diagnostic::on_unimplemented(
        message = "`TaskStatus` has no variant for `doing`, a value the query parameter `status` of `ListTasks` allows",
        label = "no variant for `doing`",
        note = "add to `TaskStatus`: #[serde(rename = \"doing\")] Doing,"
    )]
    trait has_variant_for_doing {}
    #[diagnostic::do_not_recommend]
    impl<
        T: ?::core::marker::Sized
            + ::catalog::__private_v1::markers::HasVariant<8498452662884257092u64>,
    > has_variant_for_doing for T
    {
    }
    #[diagnostic::on_unimplemented(
        message = "`TaskStatus` has no variant for `done`, a value the query parameter `status` of `ListTasks` allows",
        label = "no variant for `done`",
        note = "add to `TaskStatus`: #[serde(rename = \"done\")] Done,"
    )]
    trait has_variant_for_done {}
    #[diagnostic::do_not_recommend]
    impl<
        T: ?::core::marker::Sized
            + ::catalog::__private_v1::markers::HasVariant<15875746582901911185u64>,
    > has_variant_for_done for T
    {
    }
    fn check<
        T: ?::core::marker::Sized
            + has_variant_for_todo
            + has_variant_for_doing
            + has_variant_for_done,
    >() {
    }
    pub(crate) fn run() {
        use ::catalog::__private_v1::markers::NotDerived as _;
        check::<<TaskStatus as ::catalog::__private_v1::markers::StringEnumMarkers>::Enum>();
        <TaskStatus>::__catalog_variants_allowed_by::<spec::query_parameter_status_of_ListTasks>();
    }
};
impl ListTasks {
    #[doc = r" The properties the structs of this tool's fields omit, with their reasons, and"]
    #[doc = r" those they type as a plain `Option` (unset only)."]
    #[doc(hidden)]
    pub fn __catalog_omitted() -> &'static ::catalog::__private_v1::Nested {
        static OMITTED: ::std::sync::LazyLock<::catalog::__private_v1::Nested> =
            ::std::sync::LazyLock::new(|| {
                #[allow(unused_imports)]
                use ::catalog::__private_v1::markers::{ProbeObject as _, ProbeOther as _};
                let mut path = ::std::vec::Vec::new();
                let mut out = ::catalog::__private_v1::Nested::default();
                path.clear();
                path.push(::catalog::__private_v1::PathStep::Property("status"));
                path.push(::catalog::__private_v1::PathStep::Items);
                (&&::catalog::__private_v1::markers::Probe::<TaskStatus>::new())
                    .omitted(&mut path, &mut out, 0);
                out
            });
        &OMITTED
    }
}
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for ListTasks {}
#[automatically_derived]
impl ::catalog::Tool for ListTasks {
    const NAME: &'static str = "list_tasks";
    const DESCRIPTION: &'static str = "List the tasks of a board, a page at a time.\n\nNot available through this tool:\n- `X-Request-Id`: request ids correlate the server's own logs; an agent has none to correlate with\n\nThe API returns a JSON array; the structured result holds it under `items`.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug.\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"status\":{\"description\":\"Only tasks in these states\",\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]}},\"label\":{\"description\":\"Only tasks carrying every one of these labels (comma-joined)\",\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1}},\"assignee\":{\"description\":\"Only tasks assigned to this user; `null` for unassigned tasks.\",\"type\":[\"string\",\"null\"],\"minLength\":1},\"page\":{\"description\":\"Page number, from 1\",\"type\":\"integer\",\"format\":\"int32\",\"minimum\":1,\"maximum\":2147483647,\"default\":1},\"per_page\":{\"description\":\"Tasks per page\",\"type\":\"integer\",\"format\":\"int32\",\"minimum\":1,\"maximum\":100,\"default\":20}},\"required\":[\"board_id\"],\"additionalProperties\":false}";
    const OUTPUT: ::core::option::Option<::catalog::ToolOutput> = ::core::option::Option::Some(
        ::catalog::ToolOutput {
            status: "200",
            media_type: "application/json",
            schema: "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"title\":{\"description\":\"One line that says what is to be done\",\"type\":\"string\",\"minLength\":1,\"maxLength\":200},\"status\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]},\"description\":{\"description\":\"Details, in Markdown\",\"type\":[\"string\",\"null\"]},\"priority\":{\"description\":\"How urgent the task is; null when nobody decided\",\"type\":[\"string\",\"null\"],\"enum\":[\"low\",\"normal\",\"high\",null]},\"due\":{\"description\":\"The day it is due\",\"type\":\"string\",\"format\":\"date\"},\"estimate_hours\":{\"description\":\"Estimated work in hours\",\"type\":\"number\",\"format\":\"double\",\"minimum\":0},\"labels\":{\"description\":\"Labels, by name\",\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"assignee\":{\"description\":\"Who does it; null to unassign\",\"type\":[\"object\",\"null\"],\"properties\":{\"username\":{\"type\":\"string\"}},\"required\":[\"username\"]},\"metadata\":{\"description\":\"Integration data; free-form\",\"type\":\"object\"},\"id\":{\"type\":\"integer\",\"format\":\"int64\"}},\"required\":[\"title\",\"status\",\"id\"]}}},\"required\":[\"items\"]}",
            wrap: ::catalog::Wrap::Items,
            arms: &[],
        },
    );
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation_nested(
                    "{\"op\":{\"id\":\"ListTasks\",\"method\":\"GET\",\"path\":\"/boards/{board_id}/tasks\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks/get\",\"summary\":\"List the tasks of a board\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"query\",\"name\":\"status\",\"description\":\"Only tasks in these states\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]}},\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/0\"},{\"location\":\"query\",\"name\":\"label\",\"description\":\"Only tasks carrying every one of these labels (comma-joined)\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"min_length\":1}},\"style\":\"form\",\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/1\"},{\"location\":\"query\",\"name\":\"assignee\",\"description\":\"Only tasks assigned to this user\",\"schema\":{\"type\":\"string\",\"min_length\":1,\"nullable\":true},\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/2\"},{\"location\":\"query\",\"name\":\"page\",\"description\":\"Page number, from 1\",\"schema\":{\"type\":\"integer\",\"format\":\"int32\",\"minimum\":1.0,\"default\":1},\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/3\"},{\"location\":\"query\",\"name\":\"per_page\",\"description\":\"Tasks per page\",\"schema\":{\"type\":\"integer\",\"format\":\"int32\",\"minimum\":1.0,\"maximum\":100.0,\"default\":20},\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/4\"},{\"location\":\"header\",\"name\":\"X-Request-Id\",\"description\":\"Correlates the request in the server's logs\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F]*$\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks/get/parameters/5\"}],\"responses\":[{\"status\":\"200\",\"description\":\"A page of tasks\",\"content\":[{\"media_type\":\"application/json\"}],\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks/get/responses/200\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"status\",\"field\":\"status\"}},{\"at\":2,\"disposition\":{\"disposition\":\"set\",\"argument\":\"label\",\"field\":\"label\"}},{\"at\":3,\"disposition\":{\"disposition\":\"set\",\"argument\":\"assignee\",\"field\":\"assignee\"}},{\"at\":4,\"disposition\":{\"disposition\":\"set\",\"argument\":\"page\",\"field\":\"page\"}},{\"at\":5,\"disposition\":{\"disposition\":\"set\",\"argument\":\"per_page\",\"field\":\"per_page\"}},{\"at\":6,\"disposition\":{\"disposition\":\"omitted\",\"reason\":\"request ids correlate the server's own logs; an agent has none to correlate with\"}}],\"base\":\"#/\"}",
                    <ListTasks>::__catalog_omitted(),
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema_without(
                    <ListTasks as ::catalog::Tool>::INPUT_SCHEMA,
                    <ListTasks>::__catalog_omitted(),
                )
            });
        &SCHEMA
    }
    fn description() -> &'static str {
        static TEXT: ::std::sync::LazyLock<::std::string::String> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::description_with(
                    <ListTasks as ::catalog::Tool>::DESCRIPTION,
                    <ListTasks>::__catalog_omitted(),
                )
            });
        &TEXT
    }
    fn input_schema_json() -> &'static str {
        static JSON: ::std::sync::LazyLock<::std::borrow::Cow<'static, str>> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema_json_without(
                    <ListTasks as ::catalog::Tool>::INPUT_SCHEMA,
                    <ListTasks as ::catalog::Tool>::input_schema(),
                    <ListTasks>::__catalog_omitted(),
                )
            });
        &JSON
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        ::catalog::__private_v1::refuse_omitted(&args, &<ListTasks>::__catalog_omitted().omitted)?;
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_board_id: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_status: ::core::option::Option<Option<Vec<TaskStatus>>> =
            ::core::option::Option::None;
        let mut __slot_label: ::core::option::Option<Option<Vec<String>>> =
            ::core::option::Option::None;
        let mut __slot_assignee: ::core::option::Option<Option<Option<String>>> =
            ::core::option::Option::None;
        let mut __slot_page: ::core::option::Option<Option<u32>> = ::core::option::Option::None;
        let mut __slot_per_page: ::core::option::Option<Option<u8>> = ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "board_id" => __slot_board_id = __decoder.value(0usize, "board_id", __value),
                "status" => __slot_status = __decoder.value(1usize, "status", __value),
                "label" => __slot_label = __decoder.value(2usize, "label", __value),
                "assignee" => __slot_assignee = __decoder.nullable(3usize, "assignee", __value),
                "page" => __slot_page = __decoder.value(4usize, "page", __value),
                "per_page" => __slot_per_page = __decoder.value(5usize, "per_page", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(ListTasks {
            board_id: ::catalog::__private_v1::required(__slot_board_id, "board_id")?,
            status: ::core::option::Option::flatten(__slot_status),
            label: ::core::option::Option::flatten(__slot_label),
            assignee: ::core::option::Option::flatten(__slot_assignee),
            page: ::core::option::Option::flatten(__slot_page),
            per_page: ::core::option::Option::flatten(__slot_per_page),
        })
    }
    fn __given(
        &self,
    ) -> ::core::option::Option<
        ::std::vec::Vec<(
            &'static str,
            ::core::option::Option<::catalog::__private_v1::Value>,
        )>,
    > {
        ::core::option::Option::Some(::std::vec![
            (
                "board_id",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.board_id))
            ),
            (
                "status",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.status,
                    false
                ))
            ),
            (
                "label",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.label,
                    false
                ))
            ),
            (
                "assignee",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_nullable(
                    &self.assignee
                ))
            ),
            (
                "page",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.page, false
                ))
            ),
            (
                "per_page",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.per_page,
                    false
                ))
            )
        ])
    }
    fn to_request(
        &self,
    ) -> ::core::result::Result<::catalog::__private_v1::Request, ::catalog::RequestError> {
        static PLAN: ::std::sync::OnceLock<::catalog::__private_v1::Plan> =
            ::std::sync::OnceLock::new();
        ::catalog::__private_v1::request(
            Self::operation(),
            &PLAN,
            &[
                ("board_id", ::catalog::__private_v1::arg(&self.board_id)),
                (
                    "status",
                    ::catalog::__private_v1::arg_option(&self.status, false),
                ),
                (
                    "label",
                    ::catalog::__private_v1::arg_option(&self.label, false),
                ),
                (
                    "assignee",
                    ::catalog::__private_v1::arg_nullable(&self.assignee),
                ),
                (
                    "page",
                    ::catalog::__private_v1::arg_option(&self.page, false),
                ),
                (
                    "per_page",
                    ::catalog::__private_v1::arg_option(&self.per_page, false),
                ),
            ],
        )
    }
}
