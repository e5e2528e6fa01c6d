#[doc = " Delete a task."]
#[doc = ""]
#[doc = "MCP tool name: `delete_task`"]
#[doc = ""]
#[doc = "Output: text (204, no content)"]
#[doc = ""]
#[doc = "Wraps `DELETE /boards/{board_id}/tasks/{task_id}` (operation `DeleteTask`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| path | `task_id` | integer (int64) | yes | Set as `task_id` | The task |\n"]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for DeleteTask {}
#[automatically_derived]
impl ::catalog::Tool for DeleteTask {
    const NAME: &'static str = "delete_task";
    const DESCRIPTION: &'static str = "Delete a task.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"task_id\":{\"description\":\"The task\",\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1,\"maximum\":9223372036854775807}},\"required\":[\"board_id\",\"task_id\"],\"additionalProperties\":false}";
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation(
                    "{\"op\":{\"id\":\"DeleteTask\",\"method\":\"DELETE\",\"path\":\"/boards/{board_id}/tasks/{task_id}\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/delete\",\"summary\":\"Delete a task\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"path\",\"name\":\"task_id\",\"required\":true,\"description\":\"The task\",\"schema\":{\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1.0},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}/parameters/1\"}],\"responses\":[{\"status\":\"204\",\"description\":\"Deleted\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}/delete/responses/204\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"task_id\",\"field\":\"task_id\"}}],\"base\":\"#/\"}",
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema(<DeleteTask as ::catalog::Tool>::INPUT_SCHEMA)
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
        ::core::result::Result::Ok(DeleteTask {
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
