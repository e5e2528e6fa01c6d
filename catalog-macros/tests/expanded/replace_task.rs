#[doc = " Replace a task: every field is written, so send the ones you want kept."]
#[doc = ""]
#[doc = "MCP tool name: `replace_task`"]
#[doc = ""]
#[doc = "Output: the `200 application/json` response, as structured content"]
#[doc = ""]
#[doc = "Wraps `PUT /boards/{board_id}/tasks/{task_id}` (operation `ReplaceTask`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| path | `task_id` | integer (int64) | yes | Set as `task_id` | The task |\n| header | `If-Match` | string | no | Set as `If-Match` | The ETag of the version being replaced; a stale tag gets 412 |\n| body | `title` | string | yes | Set as `title` | One line that says what is to be done |\n| body | `status` | string enum \\[todo, doing, done\\] | yes | Set as `status` |  |\n| body | `description` | string, nullable | no | Set as `description` | Details, in Markdown |\n| body | `priority` | string enum \\[low, normal, high\\], nullable | no | Set as `priority` | How urgent the task is; null when nobody decided |\n| body | `due` | string (date) | no | Set as `due` | The day it is due |\n| body | `estimate_hours` | number (double) | no | Set as `estimate_hours` | Estimated work in hours |\n| body | `labels` | array of string | no | Set as `labels` | Labels, by name |\n| body | `assignee` | object (1 field), nullable | no | Set as `assignee` | Who does it; null to unassign |\n| body | `metadata` | object | no | Set as `metadata` | Integration data; free-form |\n"]
pub struct ReplaceTask {
    pub board_id: String,
    pub task_id: i64,
    #[doc = " The ETag from `get_task`; the server answers 412 when the task changed since."]
    pub if_match: Option<String>,
    pub title: String,
    pub status: TaskStatus,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[allow(non_camel_case_types, dead_code)]
const _: () = {
    mod spec {
        pub struct body_property_status_of_ReplaceTask;
    }
    #[diagnostic::on_unimplemented(
        message = "`{E}::{Self}` is not a value the body property `status` of `ReplaceTask` allows",
        label = "`{Self}` is not an allowed value here",
        note = "it allows `todo`, `doing` and `done`: remove `{Self}` from `{E}` (or mark it `#[serde(skip)]`), or fix its `#[serde(rename)]`"
    )]
    pub trait body_property_status_of_ReplaceTask_allows<const KEY: u64, E: ?::core::marker::Sized>
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        body_property_status_of_ReplaceTask_allows<3440417990733136349u64, E> for V
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        body_property_status_of_ReplaceTask_allows<8498452662884257092u64, E> for V
    {
    }
    #[automatically_derived]
    impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized>
        body_property_status_of_ReplaceTask_allows<15875746582901911185u64, E> for V
    {
    }
    #[automatically_derived]
    impl<
        E: ?::core::marker::Sized,
        V: ?::core::marker::Sized + body_property_status_of_ReplaceTask_allows<KEY, E>,
        const KEY: u64,
    > ::catalog::__private_v1::markers::AllowsVariant<KEY, E, V>
        for spec::body_property_status_of_ReplaceTask
    {
    }
    #[diagnostic::on_unimplemented(
        message = "`TaskStatus` has no variant for `todo`, a value the body property `status` of `ReplaceTask` allows",
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
        message = "`TaskStatus` has no variant for `doing`, a value the body property `status` of `ReplaceTask` allows",
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
        message = "`TaskStatus` has no variant for `done`, a value the body property `status` of `ReplaceTask` allows",
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
        <TaskStatus>::__catalog_variants_allowed_by::<spec::body_property_status_of_ReplaceTask>();
    }
};
impl ReplaceTask {
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
                (&&::catalog::__private_v1::markers::Probe::<TaskStatus>::new())
                    .omitted(&mut path, &mut out, 0);
                out
            });
        &OMITTED
    }
}
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for ReplaceTask {}
#[automatically_derived]
impl ::catalog::Tool for ReplaceTask {
    const NAME: &'static str = "replace_task";
    const DESCRIPTION: &'static str = "Replace a task: every field is written, so send the ones you want kept.\n\nThis is a full replace (PUT): every body field you leave out is written as empty.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"task_id\":{\"description\":\"The task\",\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1,\"maximum\":9223372036854775807},\"If-Match\":{\"description\":\"The ETag from `get_task`; the server answers 412 when the task changed since.\",\"type\":\"string\",\"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F]*$\"},\"title\":{\"description\":\"One line that says what is to be done\",\"type\":\"string\",\"minLength\":1,\"maxLength\":200},\"status\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]},\"description\":{\"description\":\"Details, in Markdown\",\"type\":[\"string\",\"null\"]},\"priority\":{\"description\":\"How urgent the task is; null when nobody decided\",\"type\":[\"string\",\"null\"],\"enum\":[\"low\",\"normal\",\"high\",null]},\"due\":{\"description\":\"The day it is due\",\"type\":\"string\",\"format\":\"date\"},\"estimate_hours\":{\"description\":\"Estimated work in hours\",\"type\":\"number\",\"format\":\"double\",\"minimum\":0},\"labels\":{\"description\":\"Labels, by name\",\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"assignee\":{\"description\":\"Who does it; null to unassign\",\"type\":[\"object\",\"null\"],\"properties\":{\"username\":{\"type\":\"string\"}},\"required\":[\"username\"]},\"metadata\":{\"description\":\"Integration data; free-form\",\"type\":\"object\"}},\"required\":[\"board_id\",\"task_id\",\"title\",\"status\"],\"additionalProperties\":false}";
    const OUTPUT: ::core::option::Option<::catalog::ToolOutput> = ::core::option::Option::Some(
        ::catalog::ToolOutput {
            status: "200",
            media_type: "application/json",
            schema: "{\"type\":\"object\",\"properties\":{\"title\":{\"description\":\"One line that says what is to be done\",\"type\":\"string\",\"minLength\":1,\"maxLength\":200},\"status\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]},\"description\":{\"description\":\"Details, in Markdown\",\"type\":[\"string\",\"null\"]},\"priority\":{\"description\":\"How urgent the task is; null when nobody decided\",\"type\":[\"string\",\"null\"],\"enum\":[\"low\",\"normal\",\"high\",null]},\"due\":{\"description\":\"The day it is due\",\"type\":\"string\",\"format\":\"date\"},\"estimate_hours\":{\"description\":\"Estimated work in hours\",\"type\":\"number\",\"format\":\"double\",\"minimum\":0},\"labels\":{\"description\":\"Labels, by name\",\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"assignee\":{\"description\":\"Who does it; null to unassign\",\"type\":[\"object\",\"null\"],\"properties\":{\"username\":{\"type\":\"string\"}},\"required\":[\"username\"]},\"metadata\":{\"description\":\"Integration data; free-form\",\"type\":\"object\"},\"id\":{\"type\":\"integer\",\"format\":\"int64\"}},\"required\":[\"title\",\"status\",\"id\"]}",
            wrap: ::catalog::Wrap::None,
            arms: &[],
        },
    );
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation_nested(
                    "{\"op\":{\"id\":\"ReplaceTask\",\"method\":\"PUT\",\"path\":\"/boards/{board_id}/tasks/{task_id}\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/put\",\"summary\":\"Replace a task\",\"description\":\"Full replace: every field of the task is written from the request; a field left out is cleared.\\n\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"path\",\"name\":\"task_id\",\"required\":true,\"description\":\"The task\",\"schema\":{\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1.0},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/parameters/1\"},{\"location\":\"header\",\"name\":\"If-Match\",\"description\":\"The ETag of the version being replaced; a stale tag gets 412\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F]*$\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/parameters/0\"},{\"location\":\"body\",\"name\":\"title\",\"required\":true,\"description\":\"One line that says what is to be done\",\"schema\":{\"type\":\"string\",\"min_length\":1,\"max_length\":200,\"description\":\"One line that says what is to be done\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/title\"},{\"location\":\"body\",\"name\":\"status\",\"required\":true,\"schema\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/status\"},{\"location\":\"body\",\"name\":\"description\",\"description\":\"Details, in Markdown\",\"schema\":{\"type\":\"string\",\"nullable\":true,\"description\":\"Details, in Markdown\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/description\"},{\"location\":\"body\",\"name\":\"priority\",\"description\":\"How urgent the task is; null when nobody decided\",\"schema\":{\"type\":\"string\",\"enum\":[\"low\",\"normal\",\"high\"],\"nullable\":true,\"description\":\"How urgent the task is; null when nobody decided\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/priority\"},{\"location\":\"body\",\"name\":\"due\",\"description\":\"The day it is due\",\"schema\":{\"type\":\"string\",\"format\":\"date\",\"description\":\"The day it is due\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/due\"},{\"location\":\"body\",\"name\":\"estimate_hours\",\"description\":\"Estimated work in hours\",\"schema\":{\"type\":\"number\",\"format\":\"double\",\"minimum\":0.0,\"description\":\"Estimated work in hours\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/estimate_hours\"},{\"location\":\"body\",\"name\":\"labels\",\"description\":\"Labels, by name\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"Labels, by name\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/labels\"},{\"location\":\"body\",\"name\":\"assignee\",\"description\":\"Who does it; null to unassign\",\"schema\":{\"type\":\"object\",\"fields\":[{\"name\":\"username\",\"required\":true,\"schema\":{\"type\":\"string\"}}],\"open\":true,\"nullable\":true,\"description\":\"Who does it; null to unassign\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/assignee\"},{\"location\":\"body\",\"name\":\"metadata\",\"description\":\"Integration data; free-form\",\"schema\":{\"type\":\"object\",\"open\":true,\"description\":\"Integration data; free-form\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema/properties/metadata\"}],\"body\":{\"media_type\":\"application/json\",\"kind\":\"json\",\"required\":true,\"open\":true,\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/put/requestBody/content/application~1json/schema\"},\"responses\":[{\"status\":\"200\",\"description\":\"Replaced\",\"content\":[{\"media_type\":\"application/json\"}],\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/put/responses/200\"},{\"status\":\"412\",\"description\":\"The If-Match tag is stale\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/put/responses/412\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"task_id\",\"field\":\"task_id\"}},{\"at\":2,\"disposition\":{\"disposition\":\"set\",\"argument\":\"If-Match\",\"field\":\"if_match\"}},{\"at\":3,\"disposition\":{\"disposition\":\"set\",\"argument\":\"title\",\"field\":\"title\"}},{\"at\":4,\"disposition\":{\"disposition\":\"set\",\"argument\":\"status\",\"field\":\"status\"}},{\"at\":5,\"disposition\":{\"disposition\":\"set\",\"argument\":\"description\",\"field\":\"description\"}},{\"at\":6,\"disposition\":{\"disposition\":\"set\",\"argument\":\"priority\",\"field\":\"priority\"}},{\"at\":7,\"disposition\":{\"disposition\":\"set\",\"argument\":\"due\",\"field\":\"due\"}},{\"at\":8,\"disposition\":{\"disposition\":\"set\",\"argument\":\"estimate_hours\",\"field\":\"estimate_hours\"}},{\"at\":9,\"disposition\":{\"disposition\":\"set\",\"argument\":\"labels\",\"field\":\"labels\"}},{\"at\":10,\"disposition\":{\"disposition\":\"set\",\"argument\":\"assignee\",\"field\":\"assignee\"}},{\"at\":11,\"disposition\":{\"disposition\":\"set\",\"argument\":\"metadata\",\"field\":\"metadata\"}}],\"base\":\"#/\"}",
                    <ReplaceTask>::__catalog_omitted(),
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema_without(
                    <ReplaceTask as ::catalog::Tool>::INPUT_SCHEMA,
                    <ReplaceTask>::__catalog_omitted(),
                )
            });
        &SCHEMA
    }
    fn description() -> &'static str {
        static TEXT: ::std::sync::LazyLock<::std::string::String> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::description_with(
                    <ReplaceTask as ::catalog::Tool>::DESCRIPTION,
                    <ReplaceTask>::__catalog_omitted(),
                )
            });
        &TEXT
    }
    fn input_schema_json() -> &'static str {
        static JSON: ::std::sync::LazyLock<::std::borrow::Cow<'static, str>> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema_json_without(
                    <ReplaceTask as ::catalog::Tool>::INPUT_SCHEMA,
                    <ReplaceTask as ::catalog::Tool>::input_schema(),
                    <ReplaceTask>::__catalog_omitted(),
                )
            });
        &JSON
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        ::catalog::__private_v1::refuse_omitted(
            &args,
            &<ReplaceTask>::__catalog_omitted().omitted,
        )?;
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_board_id: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_task_id: ::core::option::Option<i64> = ::core::option::Option::None;
        let mut __slot_if_match: ::core::option::Option<Option<String>> =
            ::core::option::Option::None;
        let mut __slot_title: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_status: ::core::option::Option<TaskStatus> = ::core::option::Option::None;
        let mut __slot_description: ::core::option::Option<Option<Option<String>>> =
            ::core::option::Option::None;
        let mut __slot_priority: ::core::option::Option<Option<Option<String>>> =
            ::core::option::Option::None;
        let mut __slot_due: ::core::option::Option<Option<String>> = ::core::option::Option::None;
        let mut __slot_estimate_hours: ::core::option::Option<Option<f64>> =
            ::core::option::Option::None;
        let mut __slot_labels: ::core::option::Option<Option<Vec<String>>> =
            ::core::option::Option::None;
        let mut __slot_assignee: ::core::option::Option<Option<Option<serde_json::Value>>> =
            ::core::option::Option::None;
        let mut __slot_metadata: ::core::option::Option<Option<serde_json::Value>> =
            ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "board_id" => __slot_board_id = __decoder.value(0usize, "board_id", __value),
                "task_id" => __slot_task_id = __decoder.value(1usize, "task_id", __value),
                "If-Match" => __slot_if_match = __decoder.value(2usize, "If-Match", __value),
                "title" => __slot_title = __decoder.value(3usize, "title", __value),
                "status" => __slot_status = __decoder.value(4usize, "status", __value),
                "description" => {
                    __slot_description = __decoder.nullable(5usize, "description", __value)
                }
                "priority" => __slot_priority = __decoder.nullable(6usize, "priority", __value),
                "due" => __slot_due = __decoder.value(7usize, "due", __value),
                "estimate_hours" => {
                    __slot_estimate_hours = __decoder.value(8usize, "estimate_hours", __value)
                }
                "labels" => __slot_labels = __decoder.value(9usize, "labels", __value),
                "assignee" => __slot_assignee = __decoder.nullable(10usize, "assignee", __value),
                "metadata" => __slot_metadata = __decoder.value(11usize, "metadata", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(ReplaceTask {
            board_id: ::catalog::__private_v1::required(__slot_board_id, "board_id")?,
            task_id: ::catalog::__private_v1::required(__slot_task_id, "task_id")?,
            if_match: ::core::option::Option::flatten(__slot_if_match),
            title: ::catalog::__private_v1::required(__slot_title, "title")?,
            status: ::catalog::__private_v1::required(__slot_status, "status")?,
            description: ::core::option::Option::flatten(__slot_description),
            priority: ::core::option::Option::flatten(__slot_priority),
            due: ::core::option::Option::flatten(__slot_due),
            estimate_hours: ::core::option::Option::flatten(__slot_estimate_hours),
            labels: ::core::option::Option::flatten(__slot_labels),
            assignee: ::core::option::Option::flatten(__slot_assignee),
            metadata: ::core::option::Option::flatten(__slot_metadata),
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
                "task_id",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.task_id))
            ),
            (
                "if_match",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.if_match,
                    false
                ))
            ),
            (
                "title",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.title))
            ),
            (
                "status",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.status))
            ),
            (
                "description",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_nullable(
                    &self.description
                ))
            ),
            (
                "priority",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_nullable(
                    &self.priority
                ))
            ),
            (
                "due",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.due, false
                ))
            ),
            (
                "estimate_hours",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.estimate_hours,
                    false
                ))
            ),
            (
                "labels",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.labels,
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
                "metadata",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.metadata,
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
                ("task_id", ::catalog::__private_v1::arg(&self.task_id)),
                (
                    "If-Match",
                    ::catalog::__private_v1::arg_option(&self.if_match, false),
                ),
                ("title", ::catalog::__private_v1::arg(&self.title)),
                ("status", ::catalog::__private_v1::arg(&self.status)),
                (
                    "description",
                    ::catalog::__private_v1::arg_nullable(&self.description),
                ),
                (
                    "priority",
                    ::catalog::__private_v1::arg_nullable(&self.priority),
                ),
                ("due", ::catalog::__private_v1::arg_option(&self.due, false)),
                (
                    "estimate_hours",
                    ::catalog::__private_v1::arg_option(&self.estimate_hours, false),
                ),
                (
                    "labels",
                    ::catalog::__private_v1::arg_option(&self.labels, false),
                ),
                (
                    "assignee",
                    ::catalog::__private_v1::arg_nullable(&self.assignee),
                ),
                (
                    "metadata",
                    ::catalog::__private_v1::arg_option(&self.metadata, false),
                ),
            ],
        )
    }
}
