#[doc = " Get one task."]
#[doc = ""]
#[doc = "MCP tool name: `get_task`"]
#[doc = ""]
#[doc = "Output: the `200 application/json` response, as structured content"]
#[doc = ""]
#[doc = "Wraps `GET /boards/{board_id}/tasks/{task_id}` (operation `GetTask`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| path | `task_id` | integer (int64) | yes | Set as `task_id` | The task |\n"]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for GetTask {}
#[automatically_derived]
impl ::catalog::Tool for GetTask {
    const NAME: &'static str = "get_task";
    const DESCRIPTION: &'static str = "Get one task.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"task_id\":{\"description\":\"The task\",\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1,\"maximum\":9223372036854775807}},\"required\":[\"board_id\",\"task_id\"],\"additionalProperties\":false}";
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
                ::catalog::__private_v1::operation(
                    "{\"op\":{\"id\":\"GetTask\",\"method\":\"GET\",\"path\":\"/boards/{board_id}/tasks/{task_id}\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/get\",\"summary\":\"Get one task\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"path\",\"name\":\"task_id\",\"required\":true,\"description\":\"The task\",\"schema\":{\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1.0},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/parameters/1\"}],\"responses\":[{\"status\":\"200\",\"description\":\"The task\",\"content\":[{\"media_type\":\"application/json\"}],\"headers\":[{\"name\":\"ETag\",\"schema\":{\"type\":\"string\"}}],\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/get/responses/200\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"task_id\",\"field\":\"task_id\"}}],\"base\":\"#/\"}",
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema(<GetTask as ::catalog::Tool>::INPUT_SCHEMA)
            });
        &SCHEMA
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_board_id: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_task_id: ::core::option::Option<i64> = ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "board_id" => __slot_board_id = __decoder.value(0usize, "board_id", __value),
                "task_id" => __slot_task_id = __decoder.value(1usize, "task_id", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(GetTask {
            board_id: ::catalog::__private_v1::required(__slot_board_id, "board_id")?,
            task_id: ::catalog::__private_v1::required(__slot_task_id, "task_id")?,
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
            ],
        )
    }
}
