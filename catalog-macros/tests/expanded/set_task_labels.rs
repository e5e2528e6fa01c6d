#[doc = " Replace the labels of a task."]
#[doc = ""]
#[doc = "MCP tool name: `set_task_labels`"]
#[doc = ""]
#[doc = "Output: text (204, no content)"]
#[doc = ""]
#[doc = "Wraps `PUT /boards/{board_id}/tasks/{task_id}/labels` of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| path | `task_id` | integer (int64) | yes | Set as `task_id` |  |\n| body | (whole body) | array of string | yes | Set as `labels` |  |\n"]
pub struct SetTaskLabels {
    pub board_id: String,
    pub task_id: i64,
    #[doc = " The labels, replacing the current ones."]
    pub labels: Vec<String>,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for SetTaskLabels {}
#[automatically_derived]
impl ::catalog::Tool for SetTaskLabels {
    const NAME: &'static str = "set_task_labels";
    const DESCRIPTION: &'static str = "Replace the labels of a task.\n\nThis is a full replace (PUT): every body field you leave out is written as empty.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"task_id\":{\"type\":\"integer\",\"format\":\"int64\",\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807},\"labels\":{\"description\":\"The labels, replacing the current ones.\",\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1}}},\"required\":[\"board_id\",\"task_id\",\"labels\"],\"additionalProperties\":false}";
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation(
                    "{\"op\":{\"method\":\"PUT\",\"path\":\"/boards/{board_id}/tasks/{task_id}/labels\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}~1labels/put\",\"summary\":\"Replace the labels of a task\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"path\",\"name\":\"task_id\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}~1labels/parameters/1\"},{\"location\":\"body\",\"name\":\"\",\"required\":true,\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"min_length\":1}},\"pointer\":\"paths/~1boards~1{board_id}~1tasks~1{task_id}~1labels/put/requestBody/content/application~1json/schema\"}],\"body\":{\"media_type\":\"application/json\",\"kind\":\"json\",\"required\":true,\"whole\":true,\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}~1labels/put/requestBody/content/application~1json/schema\"},\"responses\":[{\"status\":\"204\",\"description\":\"Labels replaced\",\"pointer\":\"#/paths/~1boards~1{board_id}~1tasks~1{task_id}~1labels/put/responses/204\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"task_id\",\"field\":\"task_id\"}},{\"at\":2,\"disposition\":{\"disposition\":\"set\",\"argument\":\"labels\",\"field\":\"labels\"}}],\"base\":\"#/\"}",
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema(<SetTaskLabels as ::catalog::Tool>::INPUT_SCHEMA)
            });
        &SCHEMA
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_board_id: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_task_id: ::core::option::Option<i64> = ::core::option::Option::None;
        let mut __slot_labels: ::core::option::Option<Vec<String>> = ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "board_id" => __slot_board_id = __decoder.value(0usize, "board_id", __value),
                "task_id" => __slot_task_id = __decoder.value(1usize, "task_id", __value),
                "labels" => __slot_labels = __decoder.value(2usize, "labels", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(SetTaskLabels {
            board_id: ::catalog::__private_v1::required(__slot_board_id, "board_id")?,
            task_id: ::catalog::__private_v1::required(__slot_task_id, "task_id")?,
            labels: ::catalog::__private_v1::required(__slot_labels, "labels")?,
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
                "labels",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.labels))
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
                ("labels", ::catalog::__private_v1::arg(&self.labels)),
            ],
        )
    }
}
