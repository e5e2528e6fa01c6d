#[doc = " Comment on a board."]
#[doc = ""]
#[doc = "MCP tool name: `add_comment`"]
#[doc = ""]
#[doc = "Output: text (201, no content)"]
#[doc = ""]
#[doc = "Wraps `POST /boards/{board_id}/comments` (operation `AddComment`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| path | `board_id` | string | yes | Set as `board_id` | The board, by its slug |\n| cookie | `session` | string | no | Omitted | the web session belongs to a person's browser; an agent authenticates by API key |\n| body | `text` | string | yes | Set as `text` | The comment |\n| body | `pinned` | boolean | no | Set as `pinned` | Pin the comment to the top of the board |\n"]
pub struct AddComment {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for AddComment {}
#[automatically_derived]
impl ::catalog::Tool for AddComment {
    const NAME: &'static str = "add_comment";
    const DESCRIPTION: &'static str = "Comment on a board.\n\nNot available through this tool:\n- `session`: the web session belongs to a person's browser; an agent authenticates by API key";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"board_id\":{\"description\":\"The board, by its slug\",\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"minLength\":1},\"text\":{\"description\":\"The comment\",\"type\":\"string\",\"minLength\":1,\"maxLength\":2000},\"pinned\":{\"description\":\"Pin the comment to the top of the board\",\"type\":\"boolean\"}},\"required\":[\"board_id\",\"text\"],\"additionalProperties\":false}";
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation(
                    "{\"op\":{\"id\":\"AddComment\",\"method\":\"POST\",\"path\":\"/boards/{board_id}/comments\",\"pointer\":\"#/paths/~1boards~1{board_id}~1comments/post\",\"summary\":\"Comment on a board\",\"params\":[{\"location\":\"path\",\"name\":\"board_id\",\"required\":true,\"description\":\"The board, by its slug\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9-]+$\",\"min_length\":1},\"pointer\":\"components/parameters/BoardId\"},{\"location\":\"cookie\",\"name\":\"session\",\"description\":\"The web session, when the comment comes from the web client\",\"schema\":{\"type\":\"string\"},\"pointer\":\"paths/~1boards~1{board_id}~1comments/post/parameters/0\"},{\"location\":\"body\",\"name\":\"text\",\"required\":true,\"description\":\"The comment\",\"schema\":{\"type\":\"string\",\"min_length\":1,\"max_length\":2000,\"description\":\"The comment\"},\"pointer\":\"paths/~1boards~1{board_id}~1comments/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/text\"},{\"location\":\"body\",\"name\":\"pinned\",\"description\":\"Pin the comment to the top of the board\",\"schema\":{\"type\":\"boolean\",\"description\":\"Pin the comment to the top of the board\"},\"pointer\":\"paths/~1boards~1{board_id}~1comments/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/pinned\"}],\"body\":{\"media_type\":\"application/x-www-form-urlencoded\",\"kind\":\"form\",\"required\":true,\"open\":true,\"pointer\":\"#/paths/~1boards~1{board_id}~1comments/post/requestBody/content/application~1x-www-form-urlencoded/schema\"},\"responses\":[{\"status\":\"201\",\"description\":\"Created\",\"pointer\":\"#/paths/~1boards~1{board_id}~1comments/post/responses/201\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"board_id\",\"field\":\"board_id\"}},{\"at\":1,\"disposition\":{\"disposition\":\"omitted\",\"reason\":\"the web session belongs to a person's browser; an agent authenticates by API key\"}},{\"at\":2,\"disposition\":{\"disposition\":\"set\",\"argument\":\"text\",\"field\":\"text\"}},{\"at\":3,\"disposition\":{\"disposition\":\"set\",\"argument\":\"pinned\",\"field\":\"pinned\"}}],\"base\":\"#/\"}",
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema(<AddComment as ::catalog::Tool>::INPUT_SCHEMA)
            });
        &SCHEMA
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_board_id: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_text: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_pinned: ::core::option::Option<Option<bool>> = ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "board_id" => __slot_board_id = __decoder.value(0usize, "board_id", __value),
                "text" => __slot_text = __decoder.value(2usize, "text", __value),
                "pinned" => __slot_pinned = __decoder.value(3usize, "pinned", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(AddComment {
            board_id: ::catalog::__private_v1::required(__slot_board_id, "board_id")?,
            text: ::catalog::__private_v1::required(__slot_text, "text")?,
            pinned: ::core::option::Option::flatten(__slot_pinned),
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
                "text",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.text))
            ),
            (
                "pinned",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.pinned,
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
                ("text", ::catalog::__private_v1::arg(&self.text)),
                (
                    "pinned",
                    ::catalog::__private_v1::arg_option(&self.pinned, false),
                ),
            ],
        )
    }
}
